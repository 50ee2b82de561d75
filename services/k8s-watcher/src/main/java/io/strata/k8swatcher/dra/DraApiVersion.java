package io.strata.k8swatcher.dra;

/** The resource.k8s.io version k8s-watcher reads claims and slices with. */
public enum DraApiVersion {
  V1("v1"),
  V1BETA1("v1beta1"),
  /** DRA is not served (or disabled): no claims are watched. */
  NONE("");

  private final String version;

  DraApiVersion(String version) {
    this.version = version;
  }

  public String version() {
    return version;
  }

  public String groupVersion() {
    return "resource.k8s.io/" + version;
  }
}
