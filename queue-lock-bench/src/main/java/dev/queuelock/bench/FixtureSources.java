package dev.queuelock.bench;

import java.util.List;

/**
 * The files of the slots scenario's fixture project: a parent POM over three modules ({@code shared}
 * and two modules that depend on it), each with generated classes for javac to compile and one test
 * class whose work {@code -Dbench.kind} picks: {@code cpu} computes (sieves primes, fixed work, so it
 * takes longer when cores are shared) or {@code wait} sleeps in short steps with a little work between
 * them, as an integration test waiting on a server does. Plugin and JUnit versions are the parent
 * project's, so a developer who built queue-lock has them all in {@code ~/.m2}.
 */
final class FixtureSources {

    static final List<String> MODULES = List.of("shared", "app-a", "app-b");
    /** Generated classes per module: real compile work (a few seconds of javac in all). */
    static final int CLASSES_PER_MODULE = 12;

    private FixtureSources() {
    }

    static String parentPom(String extensionVersion) {
        return "<project xmlns=\"http://maven.apache.org/POM/4.0.0\">\n"
                + "  <modelVersion>4.0.0</modelVersion>\n"
                + "  <groupId>bench.slots</groupId><artifactId>slots-fixture</artifactId><version>1.0-SNAPSHOT</version>\n"
                + "  <packaging>pom</packaging>\n"
                + "  <!-- Written by queue-lock-bench (slots scenario) against queue-lock " + extensionVersion + ". -->\n"
                + "  <modules>\n"
                + MODULES.stream().map(m -> "    <module>" + m + "</module>\n").reduce("", String::concat)
                + "  </modules>\n"
                + "  <properties>\n"
                + "    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>\n"
                + "    <maven.compiler.release>17</maven.compiler.release>\n"
                + "    <bench.kind>cpu</bench.kind>\n"
                + "    <bench.cpu.rounds>1000</bench.cpu.rounds>\n"
                + "    <bench.wait.millis>6700</bench.wait.millis>\n"
                + "  </properties>\n"
                + "  <dependencyManagement><dependencies>\n"
                + "    <dependency><groupId>bench.slots</groupId><artifactId>shared</artifactId><version>${project.version}</version></dependency>\n"
                + "  </dependencies></dependencyManagement>\n"
                + "  <dependencies>\n"
                + "    <dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId>"
                + "<version>5.14.4</version><scope>test</scope></dependency>\n"
                + "  </dependencies>\n"
                + "  <build><pluginManagement><plugins>\n"
                + "    <plugin><artifactId>maven-resources-plugin</artifactId><version>3.3.1</version></plugin>\n"
                + "    <plugin><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version></plugin>\n"
                + "    <plugin><artifactId>maven-jar-plugin</artifactId><version>3.4.2</version></plugin>\n"
                + "    <plugin><artifactId>maven-install-plugin</artifactId><version>3.1.4</version></plugin>\n"
                + "    <plugin><artifactId>maven-surefire-plugin</artifactId><version>3.5.4</version>\n"
                + "      <configuration><systemPropertyVariables>\n"
                + "        <bench.kind>${bench.kind}</bench.kind>\n"
                + "        <bench.cpu.rounds>${bench.cpu.rounds}</bench.cpu.rounds>\n"
                + "        <bench.wait.millis>${bench.wait.millis}</bench.wait.millis>\n"
                + "      </systemPropertyVariables></configuration></plugin>\n"
                + "  </plugins></pluginManagement></build>\n"
                + "</project>\n";
    }

    static String modulePom(String module) {
        String dependency = module.equals("shared") ? ""
                : "  <dependencies><dependency><groupId>bench.slots</groupId><artifactId>shared</artifactId></dependency></dependencies>\n";
        return "<project xmlns=\"http://maven.apache.org/POM/4.0.0\">\n"
                + "  <modelVersion>4.0.0</modelVersion>\n"
                + "  <parent><groupId>bench.slots</groupId><artifactId>slots-fixture</artifactId><version>1.0-SNAPSHOT</version></parent>\n"
                + "  <artifactId>" + module + "</artifactId>\n"
                + dependency
                + "</project>\n";
    }

    static String extensionsXml(String version) {
        return "<extensions>\n  <extension>\n    <groupId>dev.queuelock</groupId>\n"
                + "    <artifactId>queue-lock-maven-extension</artifactId>\n    <version>" + version + "</version>\n"
                + "  </extension>\n</extensions>\n";
    }

    static String packageOf(String module) {
        return "bench." + module.replace("-", "");
    }

    /** The shared module's work: what every module's test calls. */
    static String work() {
        return "package bench.shared;\n\n"
                + "/** Fixed amounts of work for the tests: CPU (a prime sieve) or waiting (short sleeps). */\n"
                + "public final class Work {\n"
                + "    private Work() {\n    }\n\n"
                + "    /** The number of primes below {@code n}. */\n"
                + "    public static int primesBelow(int n) {\n"
                + "        boolean[] composite = new boolean[n];\n"
                + "        int count = 0;\n"
                + "        for (int i = 2; i < n; i++) {\n"
                + "            if (!composite[i]) {\n"
                + "                count++;\n"
                + "                for (long j = (long) i * i; j < n; j += i) {\n"
                + "                    composite[(int) j] = true;\n"
                + "                }\n"
                + "            }\n"
                + "        }\n"
                + "        return count;\n"
                + "    }\n\n"
                + "    /** Sleeps about {@code millis} in 50 ms steps, checking a little state between them. */\n"
                + "    public static int await(long millis) throws InterruptedException {\n"
                + "        long end = System.nanoTime() + millis * 1_000_000L;\n"
                + "        int looks = 0;\n"
                + "        while (System.nanoTime() < end) {\n"
                + "            Thread.sleep(50);\n"
                + "            looks += primesBelow(1000) > 0 ? 1 : 0;\n"
                + "        }\n"
                + "        return looks;\n"
                + "    }\n"
                + "}\n";
    }

    /** A module's one test class: {@code rounds} sieves of 2 million, or about {@code millis} of waiting. */
    static String test(String module) {
        String pkg = packageOf(module);
        return "package " + pkg + ";\n\n"
                + "import static org.junit.jupiter.api.Assertions.assertEquals;\n"
                + "import static org.junit.jupiter.api.Assertions.assertTrue;\n\n"
                + "import bench.shared.Work;\n"
                + "import org.junit.jupiter.api.Test;\n\n"
                + "class WorkTest {\n\n"
                + "    @Test\n"
                + "    void doesItsShare() throws InterruptedException {\n"
                + "        if (\"wait\".equals(System.getProperty(\"bench.kind\"))) {\n"
                + "            assertTrue(Work.await(Long.getLong(\"bench.wait.millis\", 6700)) > 0);\n"
                + "            return;\n"
                + "        }\n"
                + "        int rounds = Integer.getInteger(\"bench.cpu.rounds\", 1000);\n"
                + "        for (int i = 0; i < rounds; i++) {\n"
                + "            assertEquals(148933, Work.primesBelow(2_000_000));\n"
                + "        }\n"
                + "    }\n\n"
                + "    @Test\n"
                + "    void generatedCodeRuns() {\n"
                + "        assertTrue(Generated0.value(3) != Integer.MIN_VALUE);\n"
                + "    }\n"
                + "}\n";
    }

    /** Generated class {@code i} of a module: enough generics, lambdas and switches to give javac work. */
    static String generated(String module, int i) {
        String pkg = packageOf(module);
        StringBuilder s = new StringBuilder();
        s.append("package ").append(pkg).append(";\n\n")
                .append("import java.util.ArrayList;\nimport java.util.List;\nimport java.util.Map;\n")
                .append("import java.util.TreeMap;\nimport java.util.function.Function;\nimport java.util.stream.Collectors;\n\n")
                .append("public final class Generated").append(i).append(" {\n\n")
                .append("    private Generated").append(i).append("() {\n    }\n\n");
        for (int m = 0; m < 8; m++) {
            s.append("    static <T extends Comparable<T>> Map<T, List<String>> group").append(m)
                    .append("(List<T> items, Function<T, String> name) {\n")
                    .append("        Map<T, List<String>> out = new TreeMap<>();\n")
                    .append("        for (T item : items) {\n")
                    .append("            out.computeIfAbsent(item, k -> new ArrayList<>()).add(name.apply(item) + \"").append(m).append("\");\n")
                    .append("        }\n")
                    .append("        return out.entrySet().stream().filter(e -> e.getValue().size() > ").append(m % 3)
                    .append(").collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, TreeMap::new));\n")
                    .append("    }\n\n")
                    .append("    static int pick").append(m).append("(int x) {\n")
                    .append("        switch (x % 5) {\n")
                    .append("            case 0: return x * ").append(m + 1).append(";\n")
                    .append("            case 1: return x + ").append(i).append(";\n")
                    .append("            case 2: return Integer.rotateLeft(x, ").append(m).append(");\n")
                    .append("            case 3: return String.valueOf(x).hashCode();\n")
                    .append("            default: return -x;\n")
                    .append("        }\n")
                    .append("    }\n\n");
        }
        s.append("    public static int value(int x) {\n")
                .append("        return pick0(x) + pick7(x) + group3(List.of(x, x + 1, x), String::valueOf).size();\n")
                .append("    }\n}\n");
        return s.toString();
    }
}
