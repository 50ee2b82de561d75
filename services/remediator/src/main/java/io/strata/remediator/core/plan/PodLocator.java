package io.strata.remediator.core.plan;

import io.strata.remediator.core.cluster.TargetException;
import java.util.Optional;

/** Where a pod runs: the node it is bound to, empty when the pod does not exist (or is unbound). */
@FunctionalInterface
public interface PodLocator {
  Optional<String> nodeOf(String namespace, String pod) throws TargetException;
}
