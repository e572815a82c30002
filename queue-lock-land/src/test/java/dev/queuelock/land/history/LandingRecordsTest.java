package dev.queuelock.land.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.base.Phase;
import dev.queuelock.land.base.StateEntry;
import dev.queuelock.process.ProcessStart;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The activity file's lines and the landing notes: read typed, as their writers write them and as earlier versions wrote them. */
class LandingRecordsTest {

    @TempDir
    Path stateDir;

    @Test
    void aLandingNoteReadsBackAsItsLanderWroteIt() {
        InFlightLanding landing = new InFlightLanding(stateDir, "lane-1");
        landing.start("lane/1", "c0ffee");
        landing.at(Phase.REBASE);
        landing.at(Phase.CHECKS);

        LandingNote note = InFlightLanding.live(stateDir).get("lane-1");

        assertThat(note.pid()).isEqualTo(ProcessHandle.current().pid());
        assertThat(note.branch()).isEqualTo("lane/1");
        assertThat(note.head()).isEqualTo("c0ffee");
        assertThat(note.phase()).contains(Phase.CHECKS);
        assertThat(note.isIn(Phase.CHECKS)).isTrue();
        assertThat(note.phases()).as("the phases it finished, by their history ids").containsOnlyKeys("queueWait", "rebase");
        assertThat(note.started()).isLessThanOrEqualTo(note.since());
    }

    @Test
    void aNoteAsAnEarlierVersionWroteItReads() throws Exception {
        long pid = ProcessHandle.current().pid();
        write("lane-2", "{\"pid\":" + pid + ",\"start\":\"" + ProcessStart.current() + "\",\"branch\":\"lane/2\",\"head\":\"beef\","
                + "\"phase\":\"slot wait\",\"since\":5000,\"phases\":{\"queueWait\":7,\"fetch\":null},\"newerField\":[1]}");
        write("lane-3", "{\"pid\":" + pid + ",\"start\":\"" + ProcessStart.current() + "\",\"phase\":\"a newer phase\",\"since\":9}");
        write("lane-4", "{\"pid\":");

        LandingNote old = InFlightLanding.live(stateDir).get("lane-2");
        assertThat(old.isIn(Phase.SLOT_WAIT)).isTrue();
        assertThat(old.started()).as("no start time kept: its phase's").isEqualTo(5000);
        assertThat(old.phases()).containsEntry("queueWait", 7L).containsEntry("fetch", 0L);
        LandingNote newer = InFlightLanding.live(stateDir).get("lane-3");
        assertThat(newer.phase()).as("a phase this version does not know").isEmpty();
        assertThat(newer.phaseWords()).isEqualTo("a phase this version does not know");
        assertThat(InFlightLanding.live(stateDir)).as("a torn note is nobody's landing").doesNotContainKey("lane-4");
    }

    @Test
    void activityLinesReadTypedAndAForeignOrTornLineIsSkipped() throws Exception {
        Activity activity = new Activity(stateDir);
        activity.phase("lane-1", Phase.CHECKS);
        activity.ended("lane-1", Outcome.CHECK_FAILED, "checks failed", "GreetingTest.greets");
        Files.writeString(activity.file(), "{\"ts\":1,\"lane\":\n{\"other\":true}\n"
                + "{\"ts\":7,\"lane\":\"lane-2\",\"phase\":\"somethingNewer\"}\n"
                + "{\"ts\":8,\"lane\":\"lane-2\",\"outcome\":\"landed\",\"reason\":null,\"test\":null}\n",
                StandardCharsets.UTF_8, StandardOpenOption.APPEND);

        List<ActivityLine> lines = activity.read();

        assertThat(lines).hasSize(4);
        assertThat(lines.get(0).phase()).contains(Phase.CHECKS);
        assertThat(lines.get(0).outcome()).isEmpty();
        assertThat(lines.get(1).outcome()).contains(Outcome.CHECK_FAILED);
        assertThat(lines.get(1).reason()).isEqualTo("checks failed");
        assertThat(lines.get(1).test()).isEqualTo("GreetingTest.greets");
        assertThat(lines.get(2).startsPhase()).as("a later version's phase still starts a bar").isTrue();
        assertThat(lines.get(2).phase()).isEmpty();
        assertThat(lines.get(3).outcome()).contains(Outcome.LANDED);
        assertThat(lines.get(3).reason()).isEmpty();
        assertThat(Files.readString(activity.file()).lines().limit(2))
                .as("written one object a line, outcomes by their history ids")
                .allMatch(line -> line.startsWith("{\"ts\":")).last().asString().contains("\"outcome\":\"check-failed\"");
    }

    private void write(String lane, String json) throws Exception {
        Path note = StateEntry.LANDINGS.in(stateDir).resolve(lane + ".json");
        Files.createDirectories(note.getParent());
        Files.writeString(note, json);
    }
}
