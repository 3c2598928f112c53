package org.logplab.fft;

/**
 * How the parallel FFTs move a block between ranks: copied into a message of its own, as the
 * seed's PVM program does, or lent, a reference sent in a small message while the two ranks work
 * on disjoint parts of the same array. Lending is a shared-memory shortcut, so it is a choice: the
 * seed's form stays, and both can be measured side by side.
 *
 * <ul>
 *   <li>In {@link MasterWorkerFft} it is how the blocks get to the workers and back.</li>
 *   <li>In {@link ButterflyExchangeFft} it is how an exchange stage pairs two blocks.</li>
 * </ul>
 */
public enum Handover {
    /**
     * The seed's form. Master/worker: the master packs every worker's block into a message and
     * copies every output block back. Exchange: each rank sends its partner a snapshot of its
     * whole block ({@code 16 B} bytes) and forms its own outputs.
     */
    COPY,
    /**
     * Arrays are lent, never copied between ranks. Master/worker: the master sends a reference to
     * its array and each worker gathers and writes back its own points. Exchange: the two ranks of
     * a pair send each other a reference to their block ({@value #VIEW_BYTES} bytes), each forms
     * both outputs of half the pair's butterflies in place, in both blocks, and each tells the
     * other when it is done ({@value #VIEW_BYTES} bytes).
     */
    VIEW;

    /** Bytes charged for a message that carries a lent array, or says a lent array is done with. */
    public static final int VIEW_BYTES = 16;
}
