package io.strata.simulator.teams;

/**
 * What the bot answered an invoke.
 *
 * @param invokeId the id of the invoke activity sent
 */
public record BotReply(int status, String body, String invokeId) {}
