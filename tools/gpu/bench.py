#!/usr/bin/python3
# A fixed rollout to time the pipeline by (docs/BENCHMARKS.md, "The GPU teacher"): the same
# positions (the engine's intermediate self-play, bear-offs left out), the same seed, dice
# and trials every time; prints trials/s and a checksum of the results so that a change
# meant to be faster can be seen to give the same numbers. With --profile, where the time
# went (cProfile by function on the CPU; on CUDA torch.profiler, the kernels' own time by
# operator, with the host's waits in the CPU columns).
#   tools/gpu/bench.py --nard-cli PATH [--positions 4] [--trials 36] [--truncate 3]
#       [--vr on|off] [--device cpu|cuda] [--half] [--compile] [--repeat N] [--profile]
import argparse
import cProfile
import os
import pstats
import tempfile
import time

import torch

import board
import engine
import make_data
import nets
import rollout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nard-cli", required=True)
    ap.add_argument("--nets", default=os.path.join(os.path.dirname(__file__), "..", "..", "assets", "nets"))
    ap.add_argument("--variant", default="standard")
    ap.add_argument("--positions", type=int, default=4)
    ap.add_argument("--trials", type=int, default=36)
    ap.add_argument("--truncate", type=int, default=3)
    ap.add_argument("--vr", default="on", choices=["on", "off"])
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--compile", action="store_true", help="torch.compile the encoding (PyTorch 2, GPU; untried)")
    ap.add_argument("--half", action="store_true")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--rows", type=int, default=0, help="(position, roll) rows searched at once (0: 8192, CUDA 2^19)")
    ap.add_argument("--eval-rows", type=int, default=0, help="positions evaluated at once (0: 2^16, CUDA 2^21)")
    ap.add_argument("--repeat", type=int, default=1, help="runs timed (the first also warms up)")
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    dev = args.device
    pool = engine.positions(args.nard_cli, args.variant, "modern", 40 * args.positions, args.seed, "intermediate")
    boards = board.parse_ids(pool, args.variant)
    cats = make_data.category(boards, args.variant == "longnard")
    # Every 10th of the kinds the data set takes, so that contact, races and the rest come.
    ids = [pid for pid, c in zip(pool, cats) if c is not None][::10][: args.positions]
    with tempfile.TemporaryDirectory() as tmp:
        bearoff = os.path.join(tmp, "bearoff.f32")
        engine.bearoff(args.nard_cli, bearoff)
        cuda = dev.startswith("cuda")  # make_data.py's defaults there
        ev = nets.Evaluator(args.variant, args.nets, bearoff, dev, half=args.half, compiled=args.compile,
                            rows=args.eval_rows or 1 << (21 if cuda else 16))
    roller = rollout.Roller(ev, traditional=False, device=dev, rows=args.rows or (1 << 19 if cuda else 8192))
    roots = board.parse_ids(ids, args.variant)

    def once():
        out = roller.run(roots, args.trials, args.seed, truncate=args.truncate, luck=args.vr == "on")
        if dev.startswith("cuda"):
            torch.cuda.synchronize()
        return out

    cuda_prof = None
    for r in range(args.repeat):
        t0, c0 = time.time(), time.process_time()
        if args.profile and dev.startswith("cuda"):  # the kernels' own time, by operator
            from torch.profiler import ProfilerActivity, profile

            with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as cuda_prof:
                out = once()
        elif args.profile:
            prof = cProfile.Profile()
            out = prof.runcall(once)
        else:
            out = once()
        took, cpu = time.time() - t0, time.process_time() - c0
        mean, _ = rollout.summary(out)
        print(f"{len(ids)} positions x {args.trials} trials, truncate {args.truncate}, vr {args.vr}: "
              f"{took:.2f} s ({cpu:.2f} s of CPU), {len(ids) * args.trials / took:.1f} trials/s "
              f"({len(ids) * args.trials / cpu:.1f} a CPU-second); "
              f"checksum {out.sum().item():.10f}, equities {[round(e, 5) for e in mean[:, 5].tolist()]}")
    print("work:", ", ".join(f"{k} {v}" for k, v in roller.work.items()))
    if cuda_prof is not None:
        table = cuda_prof.key_averages()
        for key in ("self_device_time_total", "self_cuda_time_total"):  # PyTorch 2.x names
            try:
                print(table.table(sort_by=key, row_limit=30))
                break
            except (AttributeError, KeyError, ValueError):
                continue
    elif args.profile:
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
