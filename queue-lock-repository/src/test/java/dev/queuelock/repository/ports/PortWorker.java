package dev.queuelock.repository.ports;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A child JVM asking the register for a lane's ports, as a build in the lane does:
 * {@code PortWorker <tmpDir> <from> <lane> <name>...}; prints {@code name=port} per line.
 */
public final class PortWorker {

    private PortWorker() {
    }

    public static void main(String[] args) throws Exception {
        PortRegistry registry = PortRegistry.in(Path.of(args[0]));
        List<String> names = List.of(args).subList(3, args.length);
        for (Map.Entry<String, Integer> port : registry.portsOf(Path.of(args[2]), names, Integer.parseInt(args[1])).entrySet()) {
            System.out.println(port.getKey() + "=" + port.getValue());
        }
    }
}
