package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.config.Setting;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.apache.maven.api.plugin.testing.MojoParameter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Fails when a goal or a parameter arrives without its harness tests: every goal has a
 * {@code <Goal>MojoTest} here whose defaults factory covers each of its queuelock.* parameters, and
 * every parameter whose key accepts only some values (true/false, numbers, choices, durations) has
 * a test that gives it a refused value.
 */
class GoalCoverageTest {

    private static final List<String> FREE_FORM = List.of("text", "comma-separated list");

    @Test
    void everyGoalHasAHarnessTestClassWithItsDefaultsFactory() throws Exception {
        for (String goal : PluginDescriptor.goals()) {
            Optional<Class<?>> tests = testClassOf(goal);
            assertThat(tests).as("a harness test class %s for queuelock:%s", testClassName(goal), goal).isPresent();
            if (hasQueuelockParameters(goal)) {
                assertThat(methods(tests.get())).as("%s has a @TestFactory over its defaults", tests.get().getSimpleName())
                        .anyMatch(m -> m.isAnnotationPresent(TestFactory.class) && injects(m, goal));
            }
        }
    }

    @Test
    void everyParameterWithAcceptedValuesHasARefusalTest() throws Exception {
        List<String> missing = new ArrayList<>();
        for (PluginDescriptor.Param p : PluginDescriptor.parameters()) {
            Optional<Setting<?>> setting = Optional.ofNullable(p.property).flatMap(SettingsCatalog.standard()::named);
            if (setting.isEmpty() || FREE_FORM.contains(setting.get().accepts())) {
                continue;
            }
            boolean covered = testClassOf(p.goal).stream().flatMap(c -> methods(c).stream())
                    .filter(m -> injects(m, p.goal))
                    .flatMap(m -> List.of(m.getAnnotationsByType(MojoParameter.class)).stream())
                    .anyMatch(mp -> mp.name().equals(p.field) && refuses(setting.get(), mp.value()));
            if (!covered) {
                missing.add(p.toString());
            }
        }
        assertThat(missing).as("parameters with no test giving them a refused value").isEmpty();
    }

    private static boolean refuses(Setting<?> setting, String value) {
        try {
            setting.parse(value);
            return false;
        } catch (IllegalArgumentException e) {
            return true;
        }
    }

    private static boolean hasQueuelockParameters(String goal) throws Exception {
        return PluginDescriptor.parameters().stream()
                .anyMatch(p -> p.goal.equals(goal) && p.property != null && p.property.startsWith("queuelock."));
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
