package io.strata.k8swatcher;

import io.strata.archrules.ServiceArchitectureTest;
import io.strata.archrules.StrataArchitecture;
import java.util.List;

/** k8s-watcher: mapping Kubernetes objects to events is the pure core. */
class ArchitectureTest extends ServiceArchitectureTest {

  ArchitectureTest() {
    super(
        "io.strata.k8swatcher",
        List.of(
            "io.strata.k8swatcher.mapping",
            "io.strata.k8swatcher.dra",
            "io.strata.k8swatcher.identity"),
        List.of(
            "io.strata.k8swatcher.watch",
            "io.strata.k8swatcher.kafka",
            "io.strata.k8swatcher.reconcile",
            "io.strata.k8swatcher.health",
            "io.strata.k8swatcher.config"),
        // Accepted: the core maps fabric8 model classes (plain data), never the client.
        List.of(StrataArchitecture.FABRIC8_MODEL));
  }
}
