package io.strata.remediator.mechanisms;

import static io.strata.events.remediation.ActionType.CORDON_NODE;
import static io.strata.events.remediation.ActionType.LOWER_CONCURRENCY;
import static io.strata.events.remediation.ActionType.PAUSE_NEW_BATCHES;
import static io.strata.events.remediation.ActionType.ROLLBACK_MODEL_VERSION;
import static io.strata.events.remediation.ActionType.SCALE_OUT;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.patch.PatchRefusal;
import io.strata.remediator.core.patch.PatchSettings;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Which mechanism carries out which action on which kind. A pair missing here has no mechanism the
 * real system honours, so the planner never proposes it (docs/services/remediator.md has the
 * table).
 */
public final class Mechanisms {

  private final Map<ActionType, Map<Kinds, Mechanism>> table = new EnumMap<>(ActionType.class);

  public Mechanisms(PatchSettings settings) {
    put(CORDON_NODE, Kinds.NODE, new NodeQuarantine());
    put(PAUSE_NEW_BATCHES, Kinds.POD, new PodTrafficGate(settings.readinessGate()));
    put(PAUSE_NEW_BATCHES, Kinds.JOB, new SuspendFlag("Job"));
    put(PAUSE_NEW_BATCHES, Kinds.JOB_SET, new SuspendFlag("JobSet"));
    put(PAUSE_NEW_BATCHES, Kinds.LOCAL_QUEUE, new KueueHold());
    put(LOWER_CONCURRENCY, Kinds.KNATIVE_SERVICE, ConcurrencyLimit.knative(settings));
    put(LOWER_CONCURRENCY, Kinds.INFERENCE_SERVICE, ConcurrencyLimit.kserve(settings));
    ReplicaStep down = new ReplicaStep(-settings.scaleDownStep());
    put(LOWER_CONCURRENCY, Kinds.DEPLOYMENT, down);
    put(LOWER_CONCURRENCY, Kinds.STATEFUL_SET, down);
    put(LOWER_CONCURRENCY, Kinds.LEADER_WORKER_SET, down);
    ReplicaStep up = new ReplicaStep(settings.scaleOutStep());
    put(SCALE_OUT, Kinds.KNATIVE_SERVICE, new KnativeMinScale(settings.scaleOutStep()));
    put(SCALE_OUT, Kinds.DEPLOYMENT, up);
    put(SCALE_OUT, Kinds.STATEFUL_SET, up);
    put(SCALE_OUT, Kinds.LEADER_WORKER_SET, up);
    put(ROLLBACK_MODEL_VERSION, Kinds.KNATIVE_SERVICE, new KnativeTrafficRollback());
    put(ROLLBACK_MODEL_VERSION, Kinds.DEPLOYMENT, new ReplicaSetRollback());
    put(ROLLBACK_MODEL_VERSION, Kinds.INFERENCE_SERVICE, new KServeCanaryRollback());
  }

  private void put(ActionType type, Kinds kind, Mechanism mechanism) {
    table.computeIfAbsent(type, t -> new LinkedHashMap<>()).put(kind, mechanism);
  }

  /** The mechanism of {@code type} on {@code target}'s kind, if there is one. */
  public Optional<Mechanism> find(ActionType type, TargetRef target) {
    return Kinds.of(target).map(k -> table.getOrDefault(type, Map.of()).get(k));
  }

  /** Whether every field {@code forward} sets holds that value in {@code live}. */
  public static boolean holds(ObjectNode forward, JsonNode live) {
    try {
      Leaves.requireUnchanged(forward, live);
      return true;
    } catch (PatchRefusal e) {
      return false;
    }
  }

  /** Every (action, kind) pair with its mechanism, for docs and tests. */
  public Map<ActionType, Map<Kinds, Mechanism>> table() {
    return table;
  }
}
