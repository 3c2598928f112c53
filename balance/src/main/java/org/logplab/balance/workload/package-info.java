/**
 * The work the balancers share out: a {@link org.logplab.balance.workload.Task} is one unit of
 * work (a cost in work units, a release time, the node it is released on), and a {@link
 * org.logplab.balance.workload.Workload} is the tasks released over time and, for a spawning
 * workload, the children each task releases when it finishes, all a pure function of its
 * parameters and seed so that a run is reproducible whichever node runs which task. The built-in
 * ones are the seed paper's scenario, Poisson arrivals, a hot spot ({@link
 * org.logplab.balance.workload.Workloads}) and unbalanced task trees ({@link
 * org.logplab.balance.workload.UtsWorkload}). Depends on no other package of the module.
 */
package org.logplab.balance.workload;
