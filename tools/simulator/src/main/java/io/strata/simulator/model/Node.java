package io.strata.simulator.model;

import java.util.List;

/** A GPU node; {@code cordoned} mirrors spec.unschedulable in the Kubernetes API. */
public final class Node {

  private final String name;
  private final List<Gpu> gpus;
  private volatile boolean cordoned;

  public Node(String name, List<Gpu> gpus) {
    this.name = name;
    this.gpus = List.copyOf(gpus);
  }

  public String name() {
    return name;
  }

  public List<Gpu> gpus() {
    return gpus;
  }

  public boolean cordoned() {
    return cordoned;
  }

  void setCordoned(boolean value) {
    cordoned = value;
  }

  /** How many GPUs no pod holds. */
  public int freeGpuCount() {
    int free = 0;
    for (Gpu gpu : gpus) {
      if (gpu.holder() == null) {
        free++;
      }
    }
    return free;
  }

  /** Indices of GPUs no pod holds. */
  public List<Integer> freeGpuIndices() {
    return gpus.stream().filter(g -> g.holder() == null).map(Gpu::index).toList();
  }
}
