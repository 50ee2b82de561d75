package io.strata.remediator.mechanisms;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.remediator.core.cluster.TargetObject;
import io.strata.remediator.core.patch.KubeJson;
import io.strata.remediator.core.patch.PatchRefusal;
import java.util.Optional;

/**
 * PAUSE_NEW_BATCHES on one pod: takes it out of service traffic without killing it, through a pod
 * readiness gate (KEP-580, {@code spec.readinessGates}). The kubelet reports a pod Ready only when
 * every gate's condition in {@code status.conditions} is True; an unready pod leaves its Services'
 * EndpointSlices (kube-proxy, Knative's activator, gateways and KServe all route by them), keeps
 * running, keeps its GPU and its ReplicaSet does not replace it. Strata sets the gate's condition
 * to False through the pods/status subresource and the undo puts back the condition as it was.
 *
 * <p>Works only for a pod that declares the gate: a pod without it is never proposed (the plan says
 * so). Something must set the condition True for a new pod to become Ready at all; see
 * docs/services/remediator.md. Relabelling the pod out of the Service selector was rejected: it
 * also detaches the pod from its ReplicaSet, which then starts a replacement (docs/adr/009).
 */
final class PodTrafficGate implements Mechanism {

  /**
   * The condition reason Strata writes, by which the undo knows the condition is still Strata's.
   */
  static final String REASON = "StrataOutOfTraffic";

  private final String conditionType;

  PodTrafficGate(String conditionType) {
    this.conditionType = conditionType;
  }

  @Override
  public String describe() {
    return "readiness gate condition " + conditionType + "=False (pods/status)";
  }

  @Override
  public boolean statusSubresource() {
    return true;
  }

  @Override
  public Optional<String> unsupported(TargetObject live) {
    boolean declared = false;
    for (JsonNode gate : live.at("spec", "readinessGates")) {
      declared |= conditionType.equals(gate.path("conditionType").asText());
    }
    if (!declared) {
      return Optional.of("declares no readiness gate " + conditionType);
    }
    JsonNode condition = condition(live.body());
    if (condition != null && "False".equals(condition.path("status").asText())) {
      return Optional.of("is already out of traffic (" + conditionType + "=False)");
    }
    return Optional.empty();
  }

  @Override
  public ObjectNode forward(TargetObject live, RelatedObjects related) throws PatchRefusal {
    Optional<String> why = unsupported(live);
    if (why.isPresent()) {
      throw new PatchRefusal(ActionOutcomeReason.PERMANENT_API_ERROR, "the pod " + why.get());
    }
    ObjectNode gate = KubeJson.object();
    gate.put("type", conditionType);
    gate.put("status", "False");
    gate.put("reason", REASON);
    gate.put("message", "taken out of service traffic by Strata");
    return conditions(live, gate);
  }

  /**
   * Puts the recorded condition back (or removes it if the pod had none), only while the gate still
   * carries Strata's False; the pod's other conditions are taken live.
   */
  @Override
  public ObjectNode undo(TargetObject live, ObjectNode forward, ObjectNode inverse)
      throws PatchRefusal {
    JsonNode now = condition(live.body());
    if (now == null
        || !"False".equals(now.path("status").asText())
        || !REASON.equals(now.path("reason").asText())) {
      throw new PatchRefusal(
          ActionOutcomeReason.CHANGED_BY_OTHERS,
          "the " + conditionType + " condition is no longer Strata's: " + now);
    }
    return conditions(live, condition(inverse));
  }

  /** A status patch: the live conditions with the gate's replaced by {@code gate} (or removed). */
  private ObjectNode conditions(TargetObject live, JsonNode gate) {
    ArrayNode conditions = KubeJson.mapper().createArrayNode();
    for (JsonNode c : live.at("status", "conditions")) {
      if (!conditionType.equals(c.path("type").asText())) {
        conditions.add(c.deepCopy());
      }
    }
    if (gate != null) {
      conditions.add(gate.deepCopy());
    }
    ObjectNode patch = KubeJson.object();
    patch.putObject("status").set("conditions", conditions);
    return patch;
  }

  private JsonNode condition(JsonNode pod) {
    for (JsonNode c : pod.path("status").path("conditions")) {
      if (conditionType.equals(c.path("type").asText())) {
        return c;
      }
    }
    return null;
  }
}
