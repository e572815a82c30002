package dev.queuelock.land.watch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Lines fitted to the terminal: broken between words, indented under their start, nothing lost. */
class ScreenWrapTest {

    @Test
    void aLongLineGoesOnUnderItselfBetweenWordsAndAShortOneIsLeftAlone() {
        List<String> lines = List.of("LANES", "      conflict: rebase of lane app-lane-3 conflicted (conflicts in a.txt, b.txt); run land again.");

        assertThat(ScreenWrap.wrap(lines, 40)).containsExactly("LANES",
                "      conflict: rebase of lane",
                "        app-lane-3 conflicted (conflicts",
                "        in a.txt, b.txt); run land",
                "        again.");
    }

    @Test
    void aWordLongerThanTheRoomIsBrokenWhereTheRoomEnds() {
        assertThat(ScreenWrap.wrap(List.of("  " + "x".repeat(50)), 40)).containsExactly("  " + "x".repeat(38), "    " + "x".repeat(12));
    }
}
