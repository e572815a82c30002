package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.junit.jupiter.api.Test;

/** Fails when a goal arrives without its harness tests: every goal has a {@code <Goal>MojoTest} here. */
class GoalCoverageTest {

    @Test
    void everyGoalHasAHarnessTestClass() throws Exception {
        for (String goal : PluginDescriptor.goals()) {
            assertThat(testClassOf(goal)).as("a harness test class %s for queuelock:%s", testClassName(goal), goal).isPresent();
        }
    }

    private static boolean injects(Method m, String goal) {
        InjectMojo inject = m.getAnnotation(InjectMojo.class);
        return inject != null && inject.goal().equals(goal);
    }

    private static List<Method> methods(Class<?> c) {
        return List.of(c.getDeclaredMethods());
    }

    private static String testClassName(String goal) {
        return GoalCoverageTest.class.getPackageName() + "." + goal.substring(0, 1).toUpperCase(Locale.ROOT)
                + goal.substring(1) + "MojoTest";
    }

    private static Optional<Class<?>> testClassOf(String goal) {
        try {
            return Optional.of(Class.forName(testClassName(goal)));
        } catch (ClassNotFoundException e) {
            return Optional.empty();
        }
    }
}
