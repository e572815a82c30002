package dev.queuelock.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Every spelling of one remote is one queue id; different repositories are different ids. */
class RemoteUrlTest {

    private static final Path BASE = Path.of("/work/lane");

    @ParameterizedTest
    @ValueSource(strings = {
        "git@git.example.com:org/repo.git",
        "git.example.com:org/repo",
        "https://git.example.com/org/repo",
        "https://git.example.com/org/repo.git",
        "https://git.example.com/org/repo/",
        "https://user:token@git.example.com/org/repo.git",
        "HTTPS://Git.Example.COM/org/repo",
        "http://git.example.com:8080/org/repo",
        "ssh://git@git.example.com/org/repo.git",
        "ssh://git@git.example.com:22/org/repo.git",
        "ssh://git.example.com//org//repo.git/",
        "git://git.example.com/org/repo.git",
        "  git@git.example.com:org/repo.git\n",
    })
    void spellingsOfOneRemoteAreOneId(String url) {
        assertThat(RemoteUrl.normalize(url, BASE)).isEqualTo("git.example.com/org/repo");
    }

    @Test
    void theHostIsCaseInsensitiveButThePathIsNot() {
        assertThat(RemoteUrl.normalize("git@GIT.example.com:Org/Repo.git", BASE)).isEqualTo("git.example.com/Org/Repo");
    }

    @Test
    void differentRepositoriesOrHostsStayApart() {
        assertThat(RemoteUrl.normalize("git@git.example.com:org/repo.git", BASE))
                .isNotEqualTo(RemoteUrl.normalize("git@git.example.com:org/repo2.git", BASE))
                .isNotEqualTo(RemoteUrl.normalize("git@other.example.com:org/repo.git", BASE))
                .isNotEqualTo(RemoteUrl.normalize("git@git.example.com:other/repo.git", BASE));
    }

    @Test
    void localPathsAndFileUrlsAreTheAbsolutePath() {
        assertThat(RemoteUrl.normalize("/srv/git/repo.git", BASE)).isEqualTo("file/srv/git/repo");
        assertThat(RemoteUrl.normalize("file:///srv/git/repo.git", BASE)).isEqualTo("file/srv/git/repo");
        assertThat(RemoteUrl.normalize("/srv/git/repo.git/", BASE)).isEqualTo("file/srv/git/repo");
        assertThat(RemoteUrl.normalize("../remote.git", BASE)).isEqualTo("file/work/remote");
        assertThat(RemoteUrl.normalize("./sub/remote.git", BASE)).isEqualTo("file/work/lane/sub/remote");
    }

    @Test
    void aColonAfterASlashIsALocalPathAsGitReadsIt() {
        assertThat(RemoteUrl.normalize("/srv/a:b/repo.git", BASE)).isEqualTo("file/srv/a:b/repo");
    }
}
