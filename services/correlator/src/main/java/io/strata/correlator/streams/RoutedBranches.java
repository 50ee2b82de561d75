package io.strata.correlator.streams;

import io.strata.events.device.DeviceFinding;
import io.strata.events.incident.Incident;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.BranchedKStream;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;

/**
 * One processor's output split by the {@link Routed} case, so the topology reads which kinds flow
 * where: a branch per case the processor emits, named {@code <side>-node-inputs}, {@code
 * <side>-workload-inputs}, {@code <side>-device-inputs}, {@code <side>-incidents} or {@code
 * <side>-findings}, and unwrapped by a step named {@code <side>-<branch>-unwrap}.
 */
final class RoutedBranches {

  private static final Map<Class<? extends Routed>, String> BRANCH_NAMES =
      Map.of(
          Routed.ToNode.class, "node-inputs",
          Routed.ToWorkload.class, "workload-inputs",
          Routed.ToDeviceIncidents.class, "device-inputs",
          Routed.IncidentOut.class, "incidents",
          Routed.FindingOut.class, "findings");

  private final String side;
  private final Map<String, KStream<String, Routed>> branches;

  private RoutedBranches(String side, Map<String, KStream<String, Routed>> branches) {
    this.side = side;
    this.branches = branches;
  }

  /** Splits {@code out} into one branch per case in {@code cases} (the ones the side emits). */
  static RoutedBranches split(
      KStream<String, Routed> out, String side, List<Class<? extends Routed>> cases) {
    BranchedKStream<String, Routed> split = out.split(Named.as(side + "-"));
    for (Class<? extends Routed> routedCase : cases) {
      split = split.branch((key, routed) -> routedCase.isInstance(routed), branched(routedCase));
    }
    return new RoutedBranches(side, new LinkedHashMap<>(split.noDefaultBranch()));
  }

  private static Branched<String, Routed> branched(Class<? extends Routed> routedCase) {
    return Branched.as(BRANCH_NAMES.get(routedCase));
  }

  KStream<String, NodeInput> nodeInputs() {
    return branch(Routed.ToNode.class).mapValues(r -> ((Routed.ToNode) r).input(), unwrap("node"));
  }

  KStream<String, WorkloadInput> workloadInputs() {
    return branch(Routed.ToWorkload.class)
        .mapValues(r -> ((Routed.ToWorkload) r).input(), unwrap("workload"));
  }

  KStream<String, DeviceIncidentInput> deviceInputs() {
    return branch(Routed.ToDeviceIncidents.class)
        .mapValues(r -> ((Routed.ToDeviceIncidents) r).input(), unwrap("device"));
  }

  KStream<String, Incident> incidents() {
    return branch(Routed.IncidentOut.class)
        .mapValues(r -> ((Routed.IncidentOut) r).incident(), unwrap("incident"));
  }

  KStream<String, DeviceFinding> findings() {
    return branch(Routed.FindingOut.class)
        .mapValues(r -> ((Routed.FindingOut) r).finding(), unwrap("finding"));
  }

  private KStream<String, Routed> branch(Class<? extends Routed> routedCase) {
    KStream<String, Routed> branch = branches.get(side + "-" + BRANCH_NAMES.get(routedCase));
    if (branch == null) {
      throw new IllegalStateException(
          side + " was not split for " + routedCase.getSimpleName() + " (a topology bug)");
    }
    return branch;
  }

  private Named unwrap(String what) {
    return Named.as(side + "-" + what + "-unwrap");
  }
}
