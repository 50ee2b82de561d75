package io.strata.events.topic;

/**
 * How record keys are built. Keys are made only of low-cardinality correlation keys and stable ids,
 * joined by '/', which none of their parts (Kubernetes names, GPU UUIDs) can contain.
 */
public final class Keys {

  private Keys() {}

  public static String gpu(String cluster, String node, String gpuUuid) {
    return join(cluster, node, gpuUuid);
  }

  public static String pod(String cluster, String namespace, String pod) {
    return join(cluster, namespace, pod);
  }

  public static String node(String cluster, String node) {
    return join(cluster, node);
  }

  public static String claim(String cluster, String namespace, String claim) {
    return join(cluster, namespace, claim);
  }

  private static String join(String... parts) {
    StringBuilder key = new StringBuilder();
    for (String part : parts) {
      if (part == null || part.isEmpty()) {
        throw new IllegalArgumentException("a key part is missing in " + String.join("/", parts));
      }
      if (key.length() > 0) {
        key.append('/');
      }
      key.append(part);
    }
    return key.toString();
  }
}
