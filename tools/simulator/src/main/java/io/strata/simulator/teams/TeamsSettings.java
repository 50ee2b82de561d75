package io.strata.simulator.teams;

import java.net.URI;

/**
 * How the Teams stand-in is set up.
 *
 * @param appId the bot's Microsoft App ID: client_id of its token requests, aud of the invokes
 * @param appPassword the bot's client secret
 * @param approverAadObjectId the AAD object id of the user who clicks
 * @param botMessagingUrl the bot's messaging endpoint the invokes are POSTed to
 * @param autoApprove click Approve on every new card
 */
public record TeamsSettings(
    String appId,
    String appPassword,
    String approverAadObjectId,
    URI botMessagingUrl,
    boolean autoApprove) {}
