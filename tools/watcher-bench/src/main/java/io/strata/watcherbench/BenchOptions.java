package io.strata.watcherbench;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** {@code --nodes 1250 --gpus-per-node 10 --events-per-pod 3 --heap 2g --deploy-heap 384m}. */
record BenchOptions(
    int nodes,
    int gpusPerNode,
    int eventsPerPod,
    String heap,
    Optional<String> deployHeap,
    Path watcherJar) {

  static BenchOptions parse(String[] args) {
    Map<String, String> given = new HashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      if (!args[i].startsWith("--")) {
        throw new IllegalArgumentException("expected --option value, got " + args[i]);
      }
      given.put(args[i].substring(2), args[i + 1]);
    }
    if (args.length % 2 != 0) {
      throw new IllegalArgumentException("option " + args[args.length - 1] + " has no value");
    }
    int eventsPerPod = Integer.parseInt(given.getOrDefault("events-per-pod", "3"));
    if (eventsPerPod < 0 || eventsPerPod > EventObjects.kinds()) {
      throw new IllegalArgumentException("--events-per-pod is 0.." + EventObjects.kinds());
    }
    return new BenchOptions(
        Integer.parseInt(given.getOrDefault("nodes", "1250")),
        Integer.parseInt(given.getOrDefault("gpus-per-node", "10")),
        eventsPerPod,
        given.getOrDefault("heap", "2g"),
        Optional.ofNullable(given.get("deploy-heap")),
        Path.of(
            given.getOrDefault(
                "watcher-jar", "services/k8s-watcher/target/quarkus-app/quarkus-run.jar")));
  }
}
