package dev.queuelock.land.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StateFilesTest {

    @TempDir
    Path tmp;

    /**
     * A look at a repository with no such file yet (a status before the first landing) makes no JSON
     * mapper: making one loads some 350 classes. Read in a class loader of its own, where no other
     * test has made the mapper already.
     */
    @Test
    void aFileThatIsNotThereIsToldBeforeTheMapperIsMade() throws Exception {
        URL classes = StateFiles.class.getProtectionDomain().getCodeSource().getLocation();
        try (Fresh fresh = new Fresh(classes, StateFiles.class.getClassLoader())) {
            Class<?> stateFiles = fresh.loadClass(StateFiles.class.getName());
            Throwable thrown = null;
            try {
                stateFiles.getMethod("read", Path.class, Class.class).invoke(null, tmp.resolve("land-history.json"), Map.class);
            } catch (InvocationTargetException e) {
                thrown = e.getCause();
            }
            assertThat(thrown).isInstanceOf(NoSuchFileException.class).hasMessageContaining("land-history.json");
            assertThat(fresh.loaded(StateFiles.class.getName() + "$Mapper")).as("the mapper's holder was loaded").isFalse();
        }
    }

    @Test
    void aFileWrittenIsReadBack() throws Exception {
        Path file = tmp.resolve("queuelock").resolve("note.json");
        StateFiles.write(file, Map.of("lane", "3"));
        assertThat(StateFiles.read(file, Map.class)).isEqualTo(Map.of("lane", "3"));
        assertThatThrownBy(() -> StateFiles.read(tmp.resolve("none.json"), Map.class)).isInstanceOf(NoSuchFileException.class);
    }

    /** Loads this module's own classes itself (Jackson and the rest from the test's loader). */
    static final class Fresh extends URLClassLoader {

        Fresh(URL classes, ClassLoader parent) {
            super(new URL[] {classes}, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("dev.queuelock.land.")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                return c != null ? c : findClass(name);
            }
        }

        boolean loaded(String name) {
            return findLoadedClass(name) != null;
        }
    }
}
