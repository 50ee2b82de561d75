package io.strata.remediator.mechanisms;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.cluster.ApiResource;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The fields Strata's patches set on each kind, the same at every version {@link Kinds} lists (read
 * from each project's API types, ADR 048), and the values an enum field takes. A patch setting
 * anything else, or a version Strata has not checked, is refused before it is proposed or sent.
 */
public final class PatchShapes {

  private static final Map<Kinds, List<List<String>>> FIELDS = new EnumMap<>(Kinds.class);

  /** Kueue StopPolicy (apis/kueue/v1beta1 and v1beta2: None, Hold, HoldAndDrain). */
  private static final Set<String> STOP_POLICIES = Set.of("None", "Hold", "HoldAndDrain");

  static {
    FIELDS.put(Kinds.NODE, List.of(path("spec", "taints")));
    FIELDS.put(Kinds.POD, List.of(path("status", "conditions")));
    FIELDS.put(Kinds.DEPLOYMENT, List.of(path("spec", "replicas"), path("spec", "template")));
    FIELDS.put(Kinds.STATEFUL_SET, List.of(path("spec", "replicas")));
    FIELDS.put(Kinds.LEADER_WORKER_SET, List.of(path("spec", "replicas")));
    FIELDS.put(Kinds.JOB, List.of(path("spec", "suspend")));
    FIELDS.put(Kinds.JOB_SET, List.of(path("spec", "suspend")));
    FIELDS.put(Kinds.LOCAL_QUEUE, List.of(path("spec", "stopPolicy")));
    FIELDS.put(
        Kinds.KNATIVE_SERVICE,
        List.of(
            path("spec", "template", "spec", "containerConcurrency"),
            path("spec", "template", "metadata", "annotations"),
            path("spec", "traffic")));
    FIELDS.put(
        Kinds.INFERENCE_SERVICE,
        List.of(
            path("spec", "predictor", "containerConcurrency"),
            path("spec", "predictor", "canaryTrafficPercent")));
  }

  private PatchShapes() {}

  /** Why {@code patch} does not fit the version of {@code target}'s kind; empty when it does. */
  public static Optional<String> misfit(TargetRef target, ObjectNode patch) {
    Optional<Kinds> kind = Kinds.of(target);
    if (kind.isEmpty()) {
      return Optional.of("Strata patches no " + target.apiVersion() + " " + target.kind());
    }
    ApiResource resource = kind.get().resource();
    String version = ApiResource.versionOf(target.apiVersion());
    if (!resource.versions().contains(version)) {
      return Optional.of(
          "Strata has not checked the fields of " + resource.label() + " " + version);
    }
    List<String> outside = new ArrayList<>();
    collect(patch, new ArrayList<>(), FIELDS.get(kind.get()), outside);
    JsonNode policy = patch.path("spec").path("stopPolicy");
    if (kind.get() == Kinds.LOCAL_QUEUE
        && policy.isTextual()
        && !STOP_POLICIES.contains(policy.asText())) {
      outside.add("spec.stopPolicy=" + policy.asText());
    }
    return outside.isEmpty()
        ? Optional.empty()
        : Optional.of(
            "the patch sets "
                + String.join(", ", outside)
                + ", which "
                + resource.label()
                + " "
                + version
                + " does not take from Strata");
  }

  private static void collect(
      ObjectNode node, List<String> at, List<List<String>> allowed, List<String> outside) {
    for (Map.Entry<String, JsonNode> field : node.properties()) {
      List<String> path = new ArrayList<>(at);
      path.add(field.getKey());
      if (allowed.stream().anyMatch(p -> startsWith(path, p))) {
        continue;
      }
      if (field.getValue() instanceof ObjectNode nested && !nested.isEmpty()) {
        collect(nested, path, allowed, outside);
      } else {
        outside.add(String.join(".", path));
      }
    }
  }

  private static boolean startsWith(List<String> path, List<String> prefix) {
    return path.size() >= prefix.size() && path.subList(0, prefix.size()).equals(prefix);
  }

  private static List<String> path(String... fields) {
    return List.of(fields);
  }
}
