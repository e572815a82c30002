package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.config.Setting;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.apache.maven.api.plugin.testing.MojoParameter;
import org.junit.jupiter.api.Test;

/** {@code mvn queuelock:help -Ddetail}: every goal, and every queuelock.* key a goal reads, with its default, from the key's declaration. */
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
        SettingsPages pages = new SettingsPages(SettingsCatalog.standard());
        for (String goal : PluginDescriptor.goals()) {
            for (Setting<?> s : pages.readBy(goal, null)) {
                assertThat(help).as("help -Ddetail names %s", s).contains(s.name());
            }
        }
    }

    @Test
    @InjectMojo(goal = "help")
    void withoutDetailItListsTheGoalsOnly(HelpMojo mojo) throws Exception {
        CapturingLog log = new CapturingLog();
        mojo.setLog(log);
        mojo.execute();
        assertThat(log.text()).contains("queuelock:land");
    }
}
