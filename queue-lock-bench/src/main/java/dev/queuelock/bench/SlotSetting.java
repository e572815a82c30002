package dev.queuelock.bench;

import dev.queuelock.config.LockSettings;
import java.util.List;
import java.util.Map;

/**
 * One build-queue setting the slots scenario compares: a number of slots
 * ({@code -Dqueuelock.build.slots=N}), {@code auto} ({@code -Dqueuelock.build.slots=auto}) or
 * {@code unlimited}: no queue at all ({@code QUEUELOCK_SKIP=1}).
 */
record SlotSetting(String name) {

    static final String UNLIMITED = "unlimited";
    static final String AUTO = "auto";

    static SlotSetting parse(String text) {
        String name = text.trim();
        if (!name.equals(UNLIMITED) && !name.equals(AUTO) && !name.matches("[1-9]\\d{0,2}")) {
            throw new IllegalArgumentException("slots.settings: '" + text + "' is not a number of slots, unlimited or auto");
        }
        return new SlotSetting(name);
    }

    boolean isAuto() {
        return name.equals(AUTO);
    }

    /** The {@code -D} options of a build under this setting. */
    List<String> mavenOptions() {
        return name.equals(UNLIMITED) ? List.of() : List.of("-D" + LockSettings.BUILD_SLOTS + "=" + name);
    }

    /** The environment: the skip set one way or the other, so a developer's own never leaks in. */
    Map<String, String> environment() {
        return Map.of("QUEUELOCK_SKIP", name.equals(UNLIMITED) ? "1" : "0");
    }

    /** Slots for {@link SharingModel}: a number, or unlimited; auto has none of its own. */
    int modelSlots() {
        if (name.equals(UNLIMITED)) {
            return SharingModel.UNLIMITED;
        }
        if (isAuto()) {
            throw new IllegalStateException("auto decides its number from the machine");
        }
        return Integer.parseInt(name);
    }

    @Override
    public String toString() {
        return name;
    }
}
