package io.strata.k8swatcher.watch;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.strata.k8swatcher.mapping.MappingException;
import io.strata.k8swatcher.mapping.MappingFailure;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.jboss.logging.Logger;

/**
 * An informer handler that only routes notifications to the emitter, counts them, and turns a
 * mapping failure into a counted, logged reason instead of an exception inside the informer. The
 * object is mapped again on its next change or resync.
 */
final class Notifications<T extends HasMetadata> implements ResourceEventHandler<T> {

  private static final Logger LOG = Logger.getLogger(Notifications.class);

  private final String resource;
  private final WatchMetrics metrics;
  private final Consumer<T> added;
  private final BiConsumer<T, T> updated;
  private final Consumer<T> deleted;

  Notifications(
      String resource,
      WatchMetrics metrics,
      Consumer<T> added,
      BiConsumer<T, T> updated,
      Consumer<T> deleted) {
    this.resource = resource;
    this.metrics = metrics;
    this.added = added;
    this.updated = updated;
    this.deleted = deleted;
  }

  /** An informer resync redelivers the cached object: same resourceVersion on both sides. */
  static boolean isResync(HasMetadata old, HasMetadata current) {
    return old != null
        && Objects.equals(
            old.getMetadata().getResourceVersion(), current.getMetadata().getResourceVersion());
  }

  @Override
  public void onAdd(T object) {
    metrics.notification(resource, "add");
    guarded(object, () -> added.accept(object));
  }

  @Override
  public void onUpdate(T old, T current) {
    metrics.notification(resource, isResync(old, current) ? "resync" : "update");
    guarded(current, () -> updated.accept(old, current));
  }

  @Override
  public void onDelete(T object, boolean finalStateUnknown) {
    metrics.notification(resource, "delete");
    guarded(object, () -> deleted.accept(object));
  }

  private void guarded(T object, Runnable action) {
    try {
      action.run();
    } catch (MappingException e) {
      metrics.mappingFailure(resource, e.reason());
      LOG.warnf("cannot map %s %s: %s (%s)", resource, name(object), e.getMessage(), e.reason());
    } catch (RuntimeException e) {
      metrics.mappingFailure(resource, MappingFailure.UNEXPECTED);
      LOG.errorf(e, "cannot map %s %s", resource, name(object));
    }
  }

  private static String name(HasMetadata object) {
    if (object == null || object.getMetadata() == null) {
      return "<no metadata>";
    }
    String namespace = object.getMetadata().getNamespace();
    return namespace == null
        ? object.getMetadata().getName()
        : namespace + "/" + object.getMetadata().getName();
  }
}
