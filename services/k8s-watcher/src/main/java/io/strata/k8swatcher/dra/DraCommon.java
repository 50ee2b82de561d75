package io.strata.k8swatcher.dra;

import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.strata.events.k8s.ObjectRef;
import io.strata.events.k8s.Taint;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** What the v1 and v1beta1 adapters share. */
final class DraCommon {

  private DraCommon() {}

  /**
   * The node an allocation is bound to: a single {@code metadata.name In [node]} field selector, as
   * the scheduler writes for node-local devices; null for network-attached or multi-node ones.
   */
  static String boundNode(NodeSelector selector) {
    if (selector == null || selector.getNodeSelectorTerms() == null) {
      return null;
    }
    List<NodeSelectorTerm> terms = selector.getNodeSelectorTerms();
    if (terms.size() != 1 || terms.get(0).getMatchFields() == null) {
      return null;
    }
    return terms.get(0).getMatchFields().stream()
        .filter(f -> "metadata.name".equals(f.getKey()) && "In".equals(f.getOperator()))
        .map(NodeSelectorRequirement::getValues)
        .filter(values -> values != null && values.size() == 1)
        .map(values -> values.get(0))
        .findFirst()
        .orElse(null);
  }

  /** A reservedFor entry: core pods become {@code v1 Pod} references in the claim's namespace. */
  static ObjectRef consumer(
      String namespace, String apiGroup, String resource, String name, String uid) {
    boolean core = apiGroup == null || apiGroup.isBlank();
    String kind = core && "pods".equals(resource) ? "Pod" : resource;
    return new ObjectRef(core ? "v1" : apiGroup, kind, namespace, name, uid);
  }

  /** The first configured UUID attribute present, unqualified or qualified by the driver. */
  static <A> String uuid(
      Map<String, A> attributes,
      String driver,
      List<String> uuidAttributes,
      Function<A, String> asString) {
    if (attributes == null) {
      return null;
    }
    for (String name : uuidAttributes) {
      String value =
          Optional.ofNullable(attributes.get(name))
              .or(() -> Optional.ofNullable(attributes.get(driver + "/" + name)))
              .map(asString)
              .orElse(null);
      if (value != null && !value.isBlank()) {
        return value;
      }
    }
    return null;
  }

  static Taint deviceTaint(String key, String value, String effect, String device) {
    return new Taint(key, value, effect, device);
  }

  static <T> List<T> nonNull(List<T> list) {
    return list == null ? List.of() : list;
  }
}
