package io.strata.correlator.core.incident;

import io.strata.events.incident.IncidentClass;
import io.strata.events.incident.Severity;

/**
 * The opening rule an alert matched: the incident it opens on its node when no open incident there
 * takes it.
 *
 * @param rule the rule's name ({@code strata.correlator.alerts.rules.<name>})
 */
public record AlertOpening(String rule, IncidentClass incidentClass, Severity severity) {}
