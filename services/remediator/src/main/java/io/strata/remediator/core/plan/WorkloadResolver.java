package io.strata.remediator.core.plan;

import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.cluster.TargetException;
import java.util.Optional;

/** Finds the object behind a workload name. */
@FunctionalInterface
public interface WorkloadResolver {
  Optional<TargetRef> resolve(String namespace, String name) throws TargetException;
}
