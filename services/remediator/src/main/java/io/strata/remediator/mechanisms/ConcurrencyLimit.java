package io.strata.remediator.mechanisms;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.remediator.core.cluster.TargetObject;
import io.strata.remediator.core.patch.KubeJson;
import io.strata.remediator.core.patch.PatchSettings;

/**
 * LOWER_CONCURRENCY through the hard per-replica request limit the serving layer enforces: Knative
 * {@code spec.template.spec.containerConcurrency} (its queue-proxy admits no more in-flight
 * requests), or KServe's {@code spec.predictor.containerConcurrency} (v1beta1
 * ComponentExtensionSpec, which KServe passes to the Knative revision it creates). The current
 * value times the factor, or the fallback when it is unlimited (0 or absent).
 */
final class ConcurrencyLimit implements Mechanism {

  private final PatchSettings settings;
  private final String[] path;

  private ConcurrencyLimit(PatchSettings settings, String... path) {
    this.settings = settings;
    this.path = path;
  }

  static ConcurrencyLimit knative(PatchSettings settings) {
    return new ConcurrencyLimit(settings, "spec", "template", "spec", "containerConcurrency");
  }

  static ConcurrencyLimit kserve(PatchSettings settings) {
    return new ConcurrencyLimit(settings, "spec", "predictor", "containerConcurrency");
  }

  @Override
  public String describe() {
    return String.join(".", path) + " x " + settings.concurrencyFactor();
  }

  @Override
  public ObjectNode forward(TargetObject live, RelatedObjects related) {
    int current = live.at(path).asInt(0);
    int lowered =
        current <= 0
            ? settings.fallbackConcurrency()
            : Math.max(1, (int) Math.floor(current * settings.concurrencyFactor()));
    ObjectNode patch = KubeJson.object();
    ObjectNode node = patch;
    for (int i = 0; i < path.length - 1; i++) {
      node = node.putObject(path[i]);
    }
    node.put(path[path.length - 1], lowered);
    return patch;
  }
}
