package io.strata.remediator.mechanisms;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.remediator.core.cluster.TargetException;
import java.util.List;

/** The objects some mechanisms read besides their target. */
public interface RelatedObjects {

  /** The Revisions of a Knative Service (label serving.knative.dev/service). */
  List<ObjectNode> knativeRevisions(String namespace, String service) throws TargetException;

  /** The ReplicaSets a Deployment owns (its rollout history). */
  List<ObjectNode> replicaSets(String namespace, String deployment) throws TargetException;

  /** No related objects at all (for previews and tests of mechanisms that read none). */
  RelatedObjects NONE =
      new RelatedObjects() {
        @Override
        public List<ObjectNode> knativeRevisions(String namespace, String service) {
          return List.of();
        }

        @Override
        public List<ObjectNode> replicaSets(String namespace, String deployment) {
          return List.of();
        }
      };
}
