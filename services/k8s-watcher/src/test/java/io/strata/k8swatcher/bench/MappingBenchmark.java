package io.strata.k8swatcher.bench;

import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.strata.events.topic.Keys;
import io.strata.events.topic.Topics;
import io.strata.k8swatcher.identity.WorkloadResolver;
import io.strata.k8swatcher.mapping.GpuResources;
import io.strata.k8swatcher.mapping.PodMapper;
import io.strata.k8swatcher.support.Objects;
import io.strata.kafka.publish.BufferPolicy;
import io.strata.kafka.publish.OutboundBuffer;
import io.strata.kafka.publish.OutboundRecord;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Load client, not a test: how fast a full republish (start, resync) turns cached pods into
 * serialised records, and how fast the coalescing buffer hands them over. A 100k-GPU cluster at 8
 * GPUs per pod is 12,500 GPU pods; this maps 50,000.
 *
 * <p>Run: {@code cd services/k8s-watcher && flock /tmp/strata-mvn.lock mvn -B -o -q test-compile
 * exec:java -Dexec.mainClass=io.strata.k8swatcher.bench.MappingBenchmark
 * -Dexec.classpathScope=test}
 */
public final class MappingBenchmark {

  private static final int PODS = 50_000;
  private static final int ROUNDS = 5;

  private MappingBenchmark() {}

  public static void main(String[] args) throws InterruptedException {
    List<Pod> pods = new ArrayList<>(PODS);
    for (int i = 0; i < PODS; i++) {
      pods.add(
          Objects.gpuPod("ns-" + (i % 50), "llm-" + (i / 8) + "-7d9f8c6b5-" + i, 8)
              .editMetadata()
              .addToOwnerReferences(
                  Objects.controller("apps/v1", "ReplicaSet", "llm-" + (i / 8) + "-7d9f8c6b5"))
              .addToLabels("model_version", "v" + (i % 7))
              .addToLabels("kueue.x-k8s.io/queue-name", "q-" + (i % 5))
              .endMetadata()
              .editSpec()
              .withNodeName("gpu-node-" + (i % 12_500))
              .endSpec()
              .withNewStatus()
              .withPhase("Running")
              .withContainerStatuses(Objects.oomKilledOnce("main"))
              .endStatus()
              .build());
    }
    OwnerReference deployment = Objects.controller("apps/v1", "Deployment", "llm");
    WorkloadResolver resolver =
        new WorkloadResolver((kind, ns, name) -> Optional.of(List.of(deployment)));
    PodMapper mapper =
        new PodMapper(
            "bench",
            new GpuResources(List.of("nvidia.com/gpu", "nvidia.com/mig-*")),
            List.of("model_version", "app.kubernetes.io/version"),
            "kueue.x-k8s.io/queue-name");
    Instant now = Instant.parse("2026-11-30T12:00:00Z");

    System.out.printf("k8s-watcher mapping benchmark: %,d GPU pods per round%n", PODS);
    List<OutboundRecord> records = new ArrayList<>(PODS);
    for (int round = 1; round <= ROUNDS; round++) {
      records.clear();
      long start = System.nanoTime();
      for (Pod pod : pods) {
        records.add(
            OutboundRecord.state(
                Topics.K8S_PODS,
                Keys.pod("bench", pod.getMetadata().getNamespace(), pod.getMetadata().getName()),
                mapper.map(pod, resolver.resolve(pod), "NVIDIA-H100-80GB-HBM3", now)));
      }
      long mapped = System.nanoTime() - start;
      long bytes = records.stream().mapToLong(r -> r.value().length).sum();
      OutboundBuffer buffer = new OutboundBuffer(BufferPolicy.waitThenRefuse(PODS, Duration.ZERO));
      start = System.nanoTime();
      for (OutboundRecord record : records) {
        buffer.offer(record, dropped -> {});
      }
      for (OutboundRecord record : records.subList(0, PODS / 2)) {
        buffer.offer(record, dropped -> {}); // half the pods change again while pending
      }
      while (buffer.poll(Duration.ZERO) != null) {
        // drain
      }
      long handedOff = System.nanoTime() - start;
      System.out.printf(
          "round %d: map+serialise %,.0f pods/s (%.1f us/pod, %,d B/record avg); "
              + "buffer offer+coalesce+drain %,.0f records/s%n",
          round,
          PODS / (mapped / 1e9),
          mapped / 1e3 / PODS,
          bytes / PODS,
          (PODS * 1.5) / (handedOff / 1e9));
    }
    System.out.println(Map.of("pods", PODS, "rounds", ROUNDS));
  }
}
