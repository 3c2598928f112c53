/**
 * Gossiping in an {@code n x n} square mesh under the H* model (half-duplex links, all-port nodes,
 * one message per packet, one edge per timestep), after Wang Zhuoyan and Ying Jing,
 * <i>The Gossiping Algorithm in Square Mesh</i> (docs/algorithms.md §7).
 *
 * <p>{@link org.logplab.core.collective.gossip.HStarMesh} is the referee every schedule runs
 * through; {@link org.logplab.core.collective.gossip.SeedGossip} is the seed's two-phase algorithm,
 * {@link org.logplab.core.collective.gossip.ImprovedGossip} a schedule within three steps of the
 * seed's Theorem 1 bound; {@link org.logplab.core.collective.gossip.MeshGossipProgram} executes
 * either on the LogP runtime and {@link org.logplab.core.collective.gossip.GossipReport#run} is the
 * command line's entry.
 */
package org.logplab.core.collective.gossip;
