package io.strata.remediator.kube;

import io.fabric8.kubernetes.client.KubernetesClientException;
import io.strata.events.remediation.ActionOutcomeReason;
import io.strata.remediator.core.cluster.TargetException;
import java.io.IOException;

/** Classifies Kubernetes API failures: only known-transient ones may be retried. */
final class ApiErrors {

  private ApiErrors() {}

  static TargetException classify(String what, KubernetesClientException e) {
    return new TargetException(reason(e), what + ": " + e.getMessage(), e);
  }

  static ActionOutcomeReason reason(KubernetesClientException e) {
    int code = e.getCode();
    if (code == 404) {
      return ActionOutcomeReason.TARGET_NOT_FOUND;
    }
    if (code == 409) {
      return ActionOutcomeReason.CONFLICT;
    }
    if (code == 401 || code == 403) {
      return ActionOutcomeReason.FORBIDDEN;
    }
    if (code == 429 || code == 500 || code == 502 || code == 503 || code == 504) {
      return ActionOutcomeReason.TRANSIENT_API_ERROR;
    }
    if (code == 0 && hasIoCause(e)) {
      return ActionOutcomeReason.TRANSIENT_API_ERROR;
    }
    return ActionOutcomeReason.PERMANENT_API_ERROR;
  }

  private static boolean hasIoCause(Throwable e) {
    for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
      if (t instanceof IOException) {
        return true;
      }
    }
    return false;
  }
}
