package io.strata.k8swatcher.mapping;

import java.util.List;
import java.util.Set;

/**
 * Which events are published. A GPU-relevant reason is published for any involved object except a
 * pod known not to be of interest; any reason, unknown ones included, is published for pods of
 * interest and for ResourceClaims. An event about a pod the watcher has not seen yet is published
 * when its reason is relevant, with the identity it carries itself.
 */
public final class EventSelection {

  /** What the watcher knows about an event's involved object. */
  public enum Involved {
    POD_OF_INTEREST,
    POD_NOT_OF_INTEREST,
    POD_UNKNOWN,
    RESOURCE_CLAIM,
    OTHER
  }

  private final Set<String> relevantReasons;

  public EventSelection(List<String> relevantReasons) {
    this.relevantReasons = Set.copyOf(relevantReasons);
  }

  public boolean publish(String reason, Involved involved) {
    return switch (involved) {
      case POD_OF_INTEREST, RESOURCE_CLAIM -> true;
      case POD_NOT_OF_INTEREST -> false;
      case POD_UNKNOWN, OTHER -> reason != null && relevantReasons.contains(reason);
    };
  }
}
