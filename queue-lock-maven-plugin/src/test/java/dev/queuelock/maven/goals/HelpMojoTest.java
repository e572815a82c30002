package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.config.Setting;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.apache.maven.api.plugin.testing.MojoParameter;
import org.junit.jupiter.api.Test;

/** {@code mvn queuelock:help -Ddetail}: every goal, and every queuelock.* key a goal reads, with its user property. */
class HelpMojoTest extends HarnessTest {

    @Test
    @InjectMojo(goal = "help")
    @MojoParameter(name = "detail", value = "true")
    void detailListsEveryGoalAndEveryKey(HelpMojo mojo) throws Exception {
        CapturingLog log = new CapturingLog();
        mojo.setLog(log);
        mojo.execute();
        String help = log.text();
        for (String goal : PluginDescriptor.goals()) {
            assertThat(help).contains("queuelock:" + goal);
        }
        for (PluginDescriptor.Param p : PluginDescriptor.parameters()) {
            if (p.property != null && p.property.startsWith(Setting.PREFIX)) {
                assertThat(help).as("help -Ddetail names %s", p).contains("User property: " + p.property);
            }
        }
    }

    @Test
    @InjectMojo(goal = "help")
    void withoutDetailItListsTheGoalsOnly(HelpMojo mojo) throws Exception {
        CapturingLog log = new CapturingLog();
        mojo.setLog(log);
        mojo.execute();
        assertThat(log.text()).contains("queuelock:land").doesNotContain("User property:");
    }
}
