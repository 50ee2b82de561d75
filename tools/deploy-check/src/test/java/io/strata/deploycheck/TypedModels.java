package io.strata.deploycheck;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBinding;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.openshift.api.model.monitoring.v1.PodMonitor;
import io.fabric8.openshift.api.model.monitoring.v1.PrometheusRule;
import io.strata.deploycheck.kustomize.ResourceId;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Binds rendered objects to fabric8's typed models and reports every field the model does not know.
 * fabric8 models keep unknown fields in {@code additionalProperties} (a JSON any-setter) instead of
 * failing, so FAIL_ON_UNKNOWN_PROPERTIES alone would pass a typo: after binding, every model object
 * reached from the root must have empty additional properties.
 */
final class TypedModels {

  static final Map<String, Class<?>> MODELS =
      Map.ofEntries(
          Map.entry("v1/Namespace", Namespace.class),
          Map.entry("v1/ConfigMap", ConfigMap.class),
          Map.entry("v1/Secret", Secret.class),
          Map.entry("v1/Service", Service.class),
          Map.entry("v1/ServiceAccount", ServiceAccount.class),
          Map.entry("apps/v1/Deployment", Deployment.class),
          Map.entry("apps/v1/StatefulSet", io.fabric8.kubernetes.api.model.apps.StatefulSet.class),
          Map.entry("policy/v1/PodDisruptionBudget", PodDisruptionBudget.class),
          Map.entry("rbac.authorization.k8s.io/v1/ClusterRole", ClusterRole.class),
          Map.entry("rbac.authorization.k8s.io/v1/ClusterRoleBinding", ClusterRoleBinding.class),
          Map.entry("rbac.authorization.k8s.io/v1/Role", Role.class),
          Map.entry("rbac.authorization.k8s.io/v1/RoleBinding", RoleBinding.class),
          Map.entry("serving.knative.dev/v1/Service", io.fabric8.knative.serving.v1.Service.class),
          Map.entry("monitoring.coreos.com/v1/PrometheusRule", PrometheusRule.class),
          Map.entry("monitoring.coreos.com/v1/PodMonitor", PodMonitor.class),
          Map.entry(
              "monitoring.coreos.com/v1/ServiceMonitor",
              io.fabric8.openshift.api.model.monitoring.v1.ServiceMonitor.class),
          Map.entry(
              "networking.k8s.io/v1/NetworkPolicy",
              io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy.class));

  private static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
          .build();

  private TypedModels() {}

  /** The typed model of an object's apiVersion and kind, if fabric8 has one here. */
  static Optional<Class<?>> modelOf(ObjectNode object) {
    return Optional.ofNullable(
        MODELS.get(object.path("apiVersion").asText() + "/" + object.path("kind").asText()));
  }

  /** Binds {@code object} to {@code type}; throws with every unknown field's path. */
  static <T> T bind(ObjectNode object, Class<T> type) {
    T bound;
    try {
      bound = MAPPER.treeToValue(object, type);
    } catch (JsonMappingException e) {
      throw new AssertionError(ResourceId.of(object) + ": " + e.getOriginalMessage(), e);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new AssertionError(ResourceId.of(object) + ": " + e.getMessage(), e);
    }
    List<String> unknown = new ArrayList<>();
    collectUnknown(bound, "", unknown);
    if (!unknown.isEmpty()) {
      throw new AssertionError(
          ResourceId.of(object) + ": fields unknown to " + type.getName() + ": " + unknown);
    }
    return bound;
  }

  private static void collectUnknown(Object model, String path, List<String> unknown) {
    if (model == null) {
      return;
    }
    if (model instanceof Collection<?> items) {
      int index = 0;
      for (Object item : items) {
        collectUnknown(item, path + "[" + index++ + "]", unknown);
      }
      return;
    }
    if (model instanceof Map<?, ?> map) {
      map.forEach((key, value) -> collectUnknown(value, path + "." + key, unknown));
      return;
    }
    if (!model.getClass().getName().startsWith("io.fabric8.")) {
      return;
    }
    for (Method getter : model.getClass().getMethods()) {
      if (getter.getParameterCount() != 0
          || Modifier.isStatic(getter.getModifiers())
          || !getter.getName().startsWith("get")
          || getter.getDeclaringClass() == Object.class) {
        continue;
      }
      Object value = invoke(getter, model);
      if (getter.getName().equals("getAdditionalProperties")) {
        if (value instanceof Map<?, ?> extra && !extra.isEmpty()) {
          extra.keySet().forEach(key -> unknown.add(path + "." + key));
        }
      } else {
        collectUnknown(value, path + "." + property(getter), unknown);
      }
    }
  }

  private static String property(Method getter) {
    String name = getter.getName().substring(3);
    return name.isEmpty() ? name : Character.toLowerCase(name.charAt(0)) + name.substring(1);
  }

  private static Object invoke(Method getter, Object model) {
    try {
      return getter.invoke(model);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("cannot read " + getter, e);
    }
  }
}
