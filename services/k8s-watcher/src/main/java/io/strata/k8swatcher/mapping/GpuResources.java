package io.strata.k8swatcher.mapping;

import io.fabric8.kubernetes.api.model.Quantity;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which extended resources are GPUs (exact names, or prefixes written with a trailing {@code *}),
 * and how their quantities become device counts.
 */
public final class GpuResources {

  private final List<String> exact;
  private final List<String> prefixes;

  public GpuResources(List<String> patterns) {
    this.exact = patterns.stream().filter(p -> !p.endsWith("*")).toList();
    this.prefixes =
        patterns.stream()
            .filter(p -> p.endsWith("*"))
            .map(p -> p.substring(0, p.length() - 1))
            .toList();
  }

  public boolean isGpu(String resourceName) {
    return exact.contains(resourceName) || prefixes.stream().anyMatch(resourceName::startsWith);
  }

  /** The GPU entries of a resource map as device counts, sorted by name; never null. */
  public Map<String, Long> counts(Map<String, Quantity> quantities) {
    Map<String, Long> counts = new TreeMap<>();
    if (quantities == null) {
      return counts;
    }
    quantities.forEach(
        (name, quantity) -> {
          if (isGpu(name)) {
            counts.put(name, deviceCount(name, quantity));
          }
        });
    return counts;
  }

  /** Extended resources are whole numbers; anything else is an invalid object, not a guess. */
  static long deviceCount(String name, Quantity quantity) {
    try {
      BigDecimal amount = quantity.getNumericalAmount();
      return amount.longValueExact();
    } catch (ArithmeticException | IllegalArgumentException | NullPointerException e) {
      throw new MappingException(
          MappingFailure.INVALID_QUANTITY,
          "resource " + name + " has quantity " + quantity + ", not a whole number of devices",
          e);
    }
  }
}
