package io.strata.simulator.dcgm;

import io.strata.simulator.model.ClusterModel;
import io.strata.simulator.model.ClusterShape;
import io.strata.simulator.model.Node;
import io.strata.simulator.model.Scenario;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Renders a four-node copy of the cluster's exporter pages, with GPUs falling off the bus, before
 * the real exporters answer: one JVM here stands in for one dcgm-exporter process per node, and
 * without this the first XID of a run made the JIT throw away code it had compiled from healthy
 * pages only (the page renderer's XID counts among them), which the exporters then ran interpreted
 * until compiled again, while the services handled that XID (121 deoptimisations in the simulator
 * in the 20 s after it, docs/benchmarks/log/2026-12-05.md). A real exporter on its own node costs
 * the services nothing of the kind; rendering the fault once here keeps the simulator's artefact
 * out of their measurements. The copy and its renderer are thrown away; the real cluster is
 * untouched.
 */
public final class ExporterRehearsal {

  private static final int NODES = 4;
  private static final int ROUNDS = 1_600;
  private static final Duration STEP = Duration.ofMillis(250);

  private ExporterRehearsal() {}

  /**
   * What the rehearsal rendered: pages, whether its last round showed GPUs off the bus (their XID
   * 79 lines), and how long it took.
   */
  public record Result(int pages, boolean faultShown, Duration took) {}

  /**
   * Renders the copy's pages {@link #ROUNDS} times, each copy node in the naming its index has in
   * {@code rollout} (so the code the exporters will run is the code rehearsed).
   */
  public static Result run(
      ClusterShape shape, Duration xidWindow, Instant start, NamingRollout rollout) {
    long began = System.nanoTime();
    // The copy's request rate scaled with its size, so its pods are as busy as the cluster's.
    ClusterShape small =
        new ClusterShape(
            shape.cluster(),
            NODES,
            shape.gpusPerNode(),
            shape.gpuProduct(),
            shape.modelName(),
            shape.driverVersion(),
            shape.requestsPerSecond() * NODES / Math.max(NODES, shape.nodes()),
            shape.seed());
    ClusterModel copy = new ClusterModel(small, start);
    ExporterNamings namings = new ExporterNamings(copy.shape(), xidWindow, copy.nodes(), rollout);
    PageBuffer page = new PageBuffer(NODES * 80_000);
    List<String> nodes = copy.nodes().stream().map(Node::name).toList();
    Instant now = start;
    int pages = 0;
    boolean faultShown = false;
    for (int round = 0; round < ROUNDS; round++) {
      if (round == ROUNDS / 4) {
        copy.activate(Scenario.XID_79, now);
      } else if (round > ROUNDS / 4 && round % 200 == 0) {
        Instant at = now;
        copy.nextGpuToFall().ifPresent(gpu -> copy.alsoFallOffTheBus(gpu, at));
      }
      copy.tick(now);
      copy.requests(now, now.plus(STEP));
      for (String node : nodes) {
        namings.rendererOf(node).renderInto(page, copy.readings(node, now), now);
        pages++;
        if (round == ROUNDS - 1) {
          faultShown |= page.toString().contains("err_code=\"79\"");
        }
      }
      now = now.plus(STEP);
    }
    return new Result(pages, faultShown, Duration.ofNanos(System.nanoTime() - began));
  }
}
