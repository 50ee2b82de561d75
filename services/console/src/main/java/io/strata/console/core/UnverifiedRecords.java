package io.strata.console.core;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/** The newest journal records that failed verification, bounded. Not thread-safe. */
final class UnverifiedRecords {

  private final ArrayDeque<UnverifiedRecord> records = new ArrayDeque<>();
  private final int capacity;

  UnverifiedRecords(int capacity) {
    this.capacity = capacity;
  }

  void add(UnverifiedRecord record) {
    records.addFirst(record);
    while (records.size() > capacity) {
      records.removeLast();
    }
  }

  /** All kept, the newest first. */
  List<UnverifiedRecord> all() {
    return List.copyOf(records);
  }

  /** Those that name {@code incidentId}, the newest first. */
  List<UnverifiedRecord> forIncident(String incidentId) {
    List<UnverifiedRecord> found = new ArrayList<>();
    for (UnverifiedRecord record : records) {
      if (incidentId.equals(record.incidentId())) {
        found.add(record);
      }
    }
    return found;
  }

  int size() {
    return records.size();
  }
}
