package io.strata.events;

import java.util.function.Function;

/**
 * The low-cardinality correlation block shared by every event. These keys, and only these, may
 * become metric labels or Kafka keys; each is optional ({@code null} when unknown). gpu_uuid and
 * trace_id are carried by the events that own them.
 */
public record Correlation(
    String cluster,
    String node,
    String namespace,
    String workload,
    String job,
    String pod,
    String container,
    String modelVersion,
    String queue,
    String acceleratorType) {

  private static final Correlation EMPTY =
      new Correlation(null, null, null, null, null, null, null, null, null, null);

  public Correlation {
    cluster = blankToNull(cluster);
    node = blankToNull(node);
    namespace = blankToNull(namespace);
    workload = blankToNull(workload);
    job = blankToNull(job);
    pod = blankToNull(pod);
    container = blankToNull(container);
    modelVersion = blankToNull(modelVersion);
    queue = blankToNull(queue);
    acceleratorType = blankToNull(acceleratorType);
  }

  public static Correlation empty() {
    return EMPTY;
  }

  /** Fills every key this block lacks from {@code fallback}; keys already set win. */
  public Correlation orElse(Correlation fallback) {
    if (fallback == null) {
      return this;
    }
    return new Correlation(
        pick(Correlation::cluster, fallback),
        pick(Correlation::node, fallback),
        pick(Correlation::namespace, fallback),
        pick(Correlation::workload, fallback),
        pick(Correlation::job, fallback),
        pick(Correlation::pod, fallback),
        pick(Correlation::container, fallback),
        pick(Correlation::modelVersion, fallback),
        pick(Correlation::queue, fallback),
        pick(Correlation::acceleratorType, fallback));
  }

  public Correlation withCluster(String value) {
    return new Correlation(
        value,
        node,
        namespace,
        workload,
        job,
        pod,
        container,
        modelVersion,
        queue,
        acceleratorType);
  }

  public Correlation withNode(String value) {
    return new Correlation(
        cluster,
        value,
        namespace,
        workload,
        job,
        pod,
        container,
        modelVersion,
        queue,
        acceleratorType);
  }

  public Correlation withModelVersion(String value) {
    return new Correlation(
        cluster, node, namespace, workload, job, pod, container, value, queue, acceleratorType);
  }

  public Correlation withAcceleratorType(String value) {
    return new Correlation(
        cluster, node, namespace, workload, job, pod, container, modelVersion, queue, value);
  }

  private String pick(Function<Correlation, String> key, Correlation fallback) {
    String own = key.apply(this);
    return own != null ? own : key.apply(fallback);
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Mutable builder for call sites that learn the keys one at a time (owner chains, span
   * attributes).
   */
  public static final class Builder {
    private String cluster;
    private String node;
    private String namespace;
    private String workload;
    private String job;
    private String pod;
    private String container;
    private String modelVersion;
    private String queue;
    private String acceleratorType;

    public Builder cluster(String value) {
      this.cluster = value;
      return this;
    }

    public Builder node(String value) {
      this.node = value;
      return this;
    }

    public Builder namespace(String value) {
      this.namespace = value;
      return this;
    }

    public Builder workload(String value) {
      this.workload = value;
      return this;
    }

    public Builder job(String value) {
      this.job = value;
      return this;
    }

    public Builder pod(String value) {
      this.pod = value;
      return this;
    }

    public Builder container(String value) {
      this.container = value;
      return this;
    }

    public Builder modelVersion(String value) {
      this.modelVersion = value;
      return this;
    }

    public Builder queue(String value) {
      this.queue = value;
      return this;
    }

    public Builder acceleratorType(String value) {
      this.acceleratorType = value;
      return this;
    }

    public Correlation build() {
      return new Correlation(
          cluster,
          node,
          namespace,
          workload,
          job,
          pod,
          container,
          modelVersion,
          queue,
          acceleratorType);
    }
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value;
  }
}
