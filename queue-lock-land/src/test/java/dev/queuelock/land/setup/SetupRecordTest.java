package dev.queuelock.land.setup;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** init's record of what it wrote, as the state-file store keeps it. */
class SetupRecordTest {

    @TempDir
    Path commonDir;

    /** Versions meet in one repository: a newer version may have run init in this repository and added fields. */
    @Test
    void readsASetupJsonWrittenByANewerVersion() throws Exception {
        Path file = commonDir.resolve("queuelock").resolve("setup.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{\n"
                + "  \"files\" : { \"/repo/.mvn/extensions.xml\" : { \"before\" : null, \"written\" : \"abc\", \"addedIn\" : \"0.9\" } },\n"
                + "  \"createdDirectories\" : [ \"/repo/.mvn\" ],\n"
                + "  \"schema\" : 3\n"
                + "}\n");

        SetupRecord record = SetupRecord.load(commonDir);

        assertThat(record.exists()).isTrue();
        assertThat(record.data().files).containsOnlyKeys("/repo/.mvn/extensions.xml");
        assertThat(record.data().files.get("/repo/.mvn/extensions.xml").written).isEqualTo("abc");
        assertThat(record.data().createdDirectories).containsExactly("/repo/.mvn");
    }
}
