package dev.queuelock.maven.it;

import java.io.IOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.Field;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * A {@link LandingRepo} field so marked holds, for each test, the project {@link #value()} on main
 * of a new landing repository in a fresh directory ({@link LandingRepo#withProject}); after the
 * test, the Mavens it started are stopped and the directory is removed. The ITs that land lanes of
 * one project share this set-up instead of each writing it again.
 */
@Target(ElementType.FIELD)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(ProjectOnMain.Setup.class)
@interface ProjectOnMain {

    /** The test project ({@link TestPoms#copyProject}). */
    String value() default ThreeModuleLanes.PROJECT;

    /** Makes the repository before each test and stops its Mavens and removes it after. */
    final class Setup implements BeforeEachCallback, AfterEachCallback {

        private static final ExtensionContext.Namespace MINE = ExtensionContext.Namespace.create(Setup.class);

        @Override
        public void beforeEach(ExtensionContext context) throws Exception {
            Object test = context.getRequiredTestInstance();
            for (Field field : AnnotationSupport.findAnnotatedFields(test.getClass(), ProjectOnMain.class)) {
                Path work = Files.createTempDirectory("junit");
                context.getStore(MINE).put(field.getName(), work);
                field.setAccessible(true);
                field.set(test, LandingRepo.withProject(work, field.getAnnotation(ProjectOnMain.class).value()));
            }
        }

        @Override
        public void afterEach(ExtensionContext context) throws Exception {
            Object test = context.getRequiredTestInstance();
            for (Field field : AnnotationSupport.findAnnotatedFields(test.getClass(), ProjectOnMain.class)) {
                field.setAccessible(true);
                LandingRepo repo = (LandingRepo) field.get(test);
                try {
                    if (repo != null) {
                        repo.close(); // first: a Maven still running writes into the directory
                    }
                } finally {
                    Path work = context.getStore(MINE).remove(field.getName(), Path.class);
                    if (work != null) {
                        deleteTree(work);
                    }
                }
            }
        }

        /** Removes {@code root} and all below it; a directory a test made read-only is made writable first. */
        private static void deleteTree(Path root) throws IOException {
            Files.walkFileTree(root, new SimpleFileVisitor<Path>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    dir.toFile().setWritable(true, true);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.delete(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException failed) throws IOException {
                    if (failed != null) {
                        throw failed;
                    }
                    Files.delete(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        }
    }
}
