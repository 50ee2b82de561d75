package io.strata.deploycheck;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.strata.deploycheck.kustomize.Rendering;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** Role bindings in a rendering. */
final class Rbac {

  static final String API = "rbac.authorization.k8s.io/v1";

  private Rbac() {}

  /** The (Cluster)RoleBindings whose subjects include the account (name and namespace). */
  static List<ObjectNode> bindingsOf(Rendering rendering, ServiceAccount account) {
    return Stream.concat(
            rendering.ofKind(API, "ClusterRoleBinding").stream(),
            rendering.ofKind(API, "RoleBinding").stream())
        .filter(binding -> names(binding, account))
        .toList();
  }

  /** The role a binding refers to, if rendered. */
  static Optional<ObjectNode> roleOf(Rendering rendering, JsonNode binding) {
    JsonNode ref = binding.path("roleRef");
    return rendering.find(API, ref.path("kind").asText(), ref.path("name").asText());
  }

  private static boolean names(JsonNode binding, ServiceAccount account) {
    for (JsonNode subject : binding.path("subjects")) {
      if ("ServiceAccount".equals(subject.path("kind").asText())
          && account.getMetadata().getName().equals(subject.path("name").asText())
          && account.getMetadata().getNamespace().equals(subject.path("namespace").asText())) {
        return true;
      }
    }
    return false;
  }
}
