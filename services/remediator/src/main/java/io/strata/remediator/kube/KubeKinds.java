package io.strata.remediator.kube;

import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.cluster.ApiResource;
import io.strata.remediator.mechanisms.Kinds;
import java.util.Optional;

/** The API resources the remediator touches, and their fabric8 contexts at a served version. */
final class KubeKinds {

  private KubeKinds() {}

  /** A kind an action may patch. */
  static Optional<ApiResource> patchable(TargetRef ref) {
    return Kinds.of(ref).map(Kinds::resource);
  }

  /** A kind the remediator reads: the action targets and ReplicaSets (owner chain, history). */
  static Optional<ApiResource> readable(TargetRef ref) {
    return Kinds.REPLICA_SETS.names(ref) ? Optional.of(Kinds.REPLICA_SETS) : patchable(ref);
  }

  /** {@code r} addressed at {@code version}, which discovery found served. */
  static ResourceDefinitionContext context(ApiResource r, String version) {
    return new ResourceDefinitionContext.Builder()
        .withGroup(r.group())
        .withVersion(version)
        .withKind(r.kind())
        .withPlural(r.plural())
        .withNamespaced(r.namespaced())
        .build();
  }
}
