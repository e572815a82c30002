package dev.queuelock;

import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.config.LockSettings;
import dev.queuelock.testsupport.QueueBackendContract;
import java.nio.file.Path;
import java.util.Map;

/** The backend contract on the file backend, selected by name as a user would. */
class FileBackendContractTest extends QueueBackendContract {

    @Override
    protected Map<String, String> backendSettings(Path testDir) {
        return Map.of(LockSettings.BACKEND, "file");
    }

    @Override
    protected boolean placesByPriority() {
        return true;
    }

    @Override
    protected boolean recordsHost() {
        return false;
    }
}
