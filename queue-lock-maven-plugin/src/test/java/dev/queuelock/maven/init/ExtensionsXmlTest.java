package dev.queuelock.maven.init;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** init's entry in someone's .mvn/extensions.xml: written the file's way, every other byte kept. */
class ExtensionsXmlTest {

    private final ExtensionsXml ours = new ExtensionsXml("dev.queuelock", "queue-lock-maven-extension", "1.0");

    @TempDir
    Path top;

    @Test
    void aCrlfFileGetsCrlfLinesAtItsOwnIndentationAndKeepsItsMissingFinalNewline() throws Exception {
        String theirs = "<?xml version=\"1.0\"?>\r\n<extensions>\r\n    <extension>\r\n        <groupId>g</groupId>\r\n"
                + "        <artifactId>a</artifactId>\r\n        <version>1</version>\r\n    </extension>\r\n</extensions>";
        String after = ensure(theirs);
        assertThat(after).isEqualTo("<?xml version=\"1.0\"?>\r\n<extensions>\r\n    <extension>\r\n        <groupId>g</groupId>\r\n"
                + "        <artifactId>a</artifactId>\r\n        <version>1</version>\r\n    </extension>\r\n"
                + "    <extension>\r\n        <groupId>dev.queuelock</groupId>\r\n"
                + "        <artifactId>queue-lock-maven-extension</artifactId>\r\n        <version>1.0</version>\r\n"
                + "    </extension>\r\n</extensions>");
        assertThat(ours.ensure(top, PomLicenseHeader.of(top))).isEqualTo(ExtensionsXml.Change.ALREADY_PRESENT);
    }

    @Test
    void aTabIndentedFileWithAFinalNewlineKeepsBoth() throws Exception {
        String theirs = "<extensions>\n\t<extension>\n\t\t<groupId>g</groupId>\n\t\t<artifactId>a</artifactId>\n"
                + "\t\t<version>1</version>\n\t</extension>\n\t</extensions>\n";
        assertThat(ensure(theirs)).isEqualTo("<extensions>\n\t<extension>\n\t\t<groupId>g</groupId>\n\t\t<artifactId>a</artifactId>\n"
                + "\t\t<version>1</version>\n\t</extension>\n\t<extension>\n\t\t<groupId>dev.queuelock</groupId>\n"
                + "\t\t<artifactId>queue-lock-maven-extension</artifactId>\n\t\t<version>1.0</version>\n\t</extension>\n"
                + "\t</extensions>\n");
    }

    @Test
    void aOneLineFileStaysOneLine() throws Exception {
        assertThat(ensure("<extensions><extension><groupId>g</groupId><artifactId>a</artifactId></extension></extensions>\n"))
                .isEqualTo("<extensions><extension><groupId>g</groupId><artifactId>a</artifactId></extension><extension>"
                        + "<groupId>dev.queuelock</groupId><artifactId>queue-lock-maven-extension</artifactId><version>1.0</version>"
                        + "</extension></extensions>\n");
    }

    @Test
    void aNewFileStartsWithTheLicenseHeaderOfThePomSoAHeaderCheckPassesIt() throws Exception {
        String header = "<!--\r\n\r\n    Copyright (C) 2026 Example\r\n\r\n-->";
        Files.writeString(top.resolve("pom.xml"), "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n" + header + "\r\n<project/>\r\n");
        assertThat(ours.ensure(top, PomLicenseHeader.of(top))).isEqualTo(ExtensionsXml.Change.CREATED);
        assertThat(top.resolve(".mvn/extensions.xml")).content()
                .startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + header + "\n<extensions>\n");
    }

    @Test
    void aPomWhoseFirstCommentIsNoLicenseLendsNothing() throws Exception {
        Files.writeString(top.resolve("pom.xml"), "<!-- the shop's build -->\n<project/>\n");
        assertThat(ours.ensure(top, PomLicenseHeader.of(top))).isEqualTo(ExtensionsXml.Change.CREATED);
        assertThat(top.resolve(".mvn/extensions.xml")).content()
                .startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<extensions>\n");
        assertThat(PomLicenseHeader.in("<project/><!-- Licensed to the ASF -->")).isEmpty();
    }

    @Test
    void removingOursKeepsEveryOtherByteAndTheLastEntryTakesTheFileAlong() throws Exception {
        String theirs = "<?xml version=\"1.0\"?>\r\n<extensions>\r\n    <extension>\r\n        <groupId>g</groupId>\r\n"
                + "        <artifactId>a</artifactId>\r\n        <version>1</version>\r\n    </extension>\r\n</extensions>";
        Path file = top.resolve(".m2/extensions.xml");
        assertThat(ours.remove(file)).as("no file").isEqualTo(ExtensionsXml.Removal.NOT_LISTED);
        Files.createDirectories(file.getParent());
        Files.writeString(file, theirs, StandardCharsets.UTF_8);
        assertThat(ours.ensureIn(file, java.util.Optional.empty())).isEqualTo(ExtensionsXml.Change.ADDED);

        assertThat(ours.remove(file)).isEqualTo(ExtensionsXml.Removal.REMOVED);
        assertThat(Files.readString(file, StandardCharsets.UTF_8)).isEqualTo(theirs);
        assertThat(ours.remove(file)).isEqualTo(ExtensionsXml.Removal.NOT_LISTED);

        Files.delete(file);
        assertThat(ours.ensureIn(file, java.util.Optional.empty())).isEqualTo(ExtensionsXml.Change.CREATED);
        assertThat(ours.remove(file)).isEqualTo(ExtensionsXml.Removal.FILE_REMOVED);
        assertThat(file).doesNotExist();
    }

    @Test
    void aFileThatIsNoXmlIsOneLineThatFitsInitAndUninstallAlike() throws Exception {
        Path file = top.resolve(".m2/extensions.xml");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "<extensions>", StandardCharsets.UTF_8);

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ours.remove(file)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(file + " is not valid XML (").hasMessageEndingWith("; fix it, then run init or uninstall again.")
                .hasMessageNotContaining("\n");
    }

    private String ensure(String theirs) throws Exception {
        Path file = top.resolve(".mvn/extensions.xml");
        Files.createDirectories(file.getParent());
        Files.writeString(file, theirs, StandardCharsets.UTF_8);
        assertThat(ours.ensure(top, PomLicenseHeader.of(top))).isEqualTo(ExtensionsXml.Change.ADDED);
        return Files.readString(file, StandardCharsets.UTF_8);
    }
}
