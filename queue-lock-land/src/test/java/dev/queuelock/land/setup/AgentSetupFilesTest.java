package dev.queuelock.land.setup;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The instructions block and the settings hook as text: created, appended once, regenerated, removed. */
class AgentSetupFilesTest {

    private final AgentInstructions land = new AgentInstructions("origin", "main", null, true);
    private final AgentInstructions propose = new AgentInstructions("origin", "main", "prod", false);

    @Test
    void theBlockIsAppendedOnceAndRegeneratedInPlace() {
        String mine = "# Shop\n\nUse Java 17.";
        String once = land.writeInto(Optional.of(mine));
        assertThat(once).startsWith(mine + "\n\n" + AgentInstructions.BEGIN).endsWith(AgentInstructions.END + "\n");
        assertThat(land.writeInto(Optional.of(once))).isEqualTo(once);
        String regenerated = propose.writeInto(Optional.of(once + "\nmy notes after\n"));
        assertThat(regenerated).startsWith(mine + "\n\n").contains("propose the land", "`prod` is production")
                .endsWith("\nmy notes after\n").doesNotContain("without asking");
        assertThat(AgentInstructions.removeFrom(once)).hasValue(mine + "\n");
        assertThat(AgentInstructions.removeFrom(land.writeInto(Optional.empty()))).isEmpty();
    }

    @Test
    void theHookIsMergedBesideOtherSettingsAndTakenOutAlone() {
        String theirs = "{\"model\":\"x\",\"hooks\":{\"PreToolUse\":[{\"matcher\":\"Bash\",\"hooks\":[]}]}}";
        ClaudeSettings settings = ClaudeSettings.parse(Optional.of(theirs), "settings.json");
        assertThat(settings.wire()).isEqualTo(ClaudeSettings.Wiring.WIRED);
        String wired = settings.text();
        assertThat(wired).contains("\"model\": \"x\"", "PreToolUse", "WorktreeCreate", "queuelock:lane");
        assertThat(ClaudeSettings.parse(Optional.of(wired), "s").wire()).isEqualTo(ClaudeSettings.Wiring.ALREADY_WIRED);
        ClaudeSettings back = ClaudeSettings.parse(Optional.of(wired), "s");
        assertThat(back.unwire()).isTrue();
        assertThat(back.text()).doesNotContain("WorktreeCreate").contains("PreToolUse");
        ClaudeSettings other = ClaudeSettings.parse(Optional.of("{\"hooks\":{\"WorktreeCreate\":[{\"hooks\":[{\"command\":\"mine.sh\"}]}]}}"), "s");
        assertThat(other.wire()).isEqualTo(ClaudeSettings.Wiring.OTHER_HOOK_PRESENT);
    }
}
