package io.strata.remediator.core.plan;

import io.strata.events.incident.Incident;
import io.strata.events.incident.IncidentClass;
import io.strata.events.remediation.ActionType;
import io.strata.events.remediation.TargetRef;
import io.strata.remediator.core.cluster.TargetException;
import io.strata.remediator.core.cluster.TargetGateway;
import io.strata.remediator.core.journal.ActionIds;
import io.strata.remediator.core.journal.Actions;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Turns an incident into a plan: each step of its class plan, against every node or workload of its
 * scope. Step numbers are positions in the class plan, so ids stay stable when the scope grows.
 */
public final class ActionPlanner {

  private static final Set<ActionType> WORKLOAD_ACTIONS =
      Set.of(
          ActionType.LOWER_CONCURRENCY,
          ActionType.PAUSE_NEW_BATCHES,
          ActionType.SCALE_OUT,
          ActionType.ROLLBACK_MODEL_VERSION);

  /**
   * Classes whose PAUSE_NEW_BATCHES pauses the pods on the faulty GPUs instead of the workload. A
   * device fault is local to one GPU: the other replicas are healthy, and pausing the workload
   * would stop the whole service, so the correlator could never see it recover. A queue backlog or
   * an allocation failure is a condition of the whole workload, so there the workload is paused.
   */
  public static final Set<IncidentClass> POD_SCOPED_PAUSE = EnumSet.of(IncidentClass.DEVICE_FAULT);

  private final ClassPlans classPlans;

  public ActionPlanner(ClassPlans classPlans) {
    this.classPlans = classPlans;
  }

  /**
   * @param resolver finds the workload object behind a workload name
   * @param pods confirms where a pod named only by an exemplar trace runs
   */
  public Plan plan(Incident incident, WorkloadResolver resolver, PodLocator pods)
      throws TargetException {
    return plan(incident, resolver, pods, TargetCheck.ANY);
  }

  /**
   * @param check keeps out actions without a real mechanism on their target; the notes say why
   */
  public Plan plan(Incident incident, WorkloadResolver resolver, PodLocator pods, TargetCheck check)
      throws TargetException {
    List<PlannedAction> actions = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    List<ActionType> steps = classPlans.forClass(incident.incidentClass());
    for (int i = 0; i < steps.size(); i++) {
      int step = i + 1;
      ActionType type = steps.get(i);
      if (type == ActionType.CORDON_NODE
          && !incident.suggestedActions().isEmpty()
          && !incident.suggestedActions().contains(ActionType.CORDON_NODE)) {
        // The correlator found no device evidence for a node action (for example slower execution
        // that no GPU anomaly explains): a class plan never overrides that.
        notes.add(
            "step "
                + step
                + " "
                + type
                + " not proposed: the incident suggests no node action ("
                + incident.suggestedActions()
                + ")");
      } else if (type == ActionType.CORDON_NODE) {
        for (String node : nodes(incident)) {
          addChecked(actions, notes, incident, step, type, TargetGateway.node(node), check);
        }
      } else if (type == ActionType.PAUSE_NEW_BATCHES
          && POD_SCOPED_PAUSE.contains(incident.incidentClass())) {
        Set<TargetRef> faultyPods = FaultyPods.of(incident, pods, notes);
        if (faultyPods.isEmpty()) {
          notes.add(
              "step "
                  + step
                  + " "
                  + type
                  + ": no pod known on the faulty GPU(s); pausing the whole workload instead");
          addWorkloadActions(actions, notes, incident, step, type, resolver, check);
        }
        for (TargetRef pod : faultyPods) {
          addChecked(actions, notes, incident, step, type, pod, check);
        }
      } else if (WORKLOAD_ACTIONS.contains(type)) {
        addWorkloadActions(actions, notes, incident, step, type, resolver, check);
      } else if (type == ActionType.NOTIFY_OWNER) {
        notes.add(
            "step " + step + " notify the owner of " + String.join(", ", workloads(incident)));
      } else if (type == ActionType.REPORT_CAPACITY) {
        notes.add("step " + step + " capacity report: " + capacityLine(incident));
      } else {
        notes.add("step " + step + " " + type + ": not an action the remediator executes");
      }
    }
    return new Plan(actions, notes);
  }

  private static void addWorkloadActions(
      List<PlannedAction> actions,
      List<String> notes,
      Incident incident,
      int step,
      ActionType type,
      WorkloadResolver resolver,
      TargetCheck check)
      throws TargetException {
    for (String workload : workloads(incident)) {
      Optional<TargetRef> target = resolve(workload, resolver);
      if (target.isPresent()) {
        addChecked(actions, notes, incident, step, type, target.get(), check);
      } else {
        notes.add("step " + step + " " + type + ": no workload object found for " + workload);
      }
    }
  }

  private static void addChecked(
      List<PlannedAction> actions,
      List<String> notes,
      Incident incident,
      int step,
      ActionType type,
      TargetRef target,
      TargetCheck check)
      throws TargetException {
    TargetCheck.Choice choice = check.choose(type, target);
    if (choice.target().isPresent()) {
      add(actions, incident, step, type, choice.target().get());
    } else {
      notes.add(
          "step "
              + step
              + " "
              + type
              + " not proposed: "
              + target.kind()
              + " "
              + Actions.targetKey(target)
              + " "
              + choice.whyNot());
    }
  }

  private static void add(
      List<PlannedAction> actions, Incident incident, int step, ActionType type, TargetRef target) {
    String id = ActionIds.of(incident.incidentId(), incident.episode(), step, type, target);
    actions.add(new PlannedAction(id, step, type, target));
  }

  private static Optional<TargetRef> resolve(String workload, WorkloadResolver resolver)
      throws TargetException {
    int slash = workload.indexOf('/');
    if (slash <= 0 || slash == workload.length() - 1) {
      return Optional.empty();
    }
    return resolver.resolve(workload.substring(0, slash), workload.substring(slash + 1));
  }

  static Set<String> nodes(Incident incident) {
    Set<String> nodes = new LinkedHashSet<>(Incidents.scope(incident).nodes());
    if (nodes.isEmpty() && incident.correlation().node() != null) {
      nodes.add(incident.correlation().node());
    }
    return nodes;
  }

  public static Set<String> workloads(Incident incident) {
    Set<String> workloads = new LinkedHashSet<>(Incidents.scope(incident).workloads());
    if (workloads.isEmpty()
        && incident.correlation().namespace() != null
        && incident.correlation().workload() != null) {
      workloads.add(incident.correlation().namespace() + "/" + incident.correlation().workload());
    }
    return workloads;
  }

  private static String capacityLine(Incident incident) {
    List<String> lines = incident.evidence().k8sEvents();
    return lines.isEmpty() ? "no scheduling events in evidence" : String.join("; ", lines);
  }
}
