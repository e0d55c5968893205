import cProfile, io, json, pstats, time, datetime as dt
from pathlib import Path
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django_tasks_db.models import DBTaskResult
from tests.extraction.conftest import API, run_jobs, memories

DATA = Path("/work/shared/data/locomo-dev.json")

def test_profile(alice, settings):
    settings.ANTHROPIC_API_KEY = ""
    sample = json.loads(DATA.read_text())[0]
    conv = sample["conversation"]
    sessions = [k for k in conv if k.startswith("session_") and not k.endswith("date_time")][:6]
    began = dt.datetime(2023, 5, 1, tzinfo=dt.UTC)
    # warm the embedder
    alice.client.post(f"{API}/memories", [{"scope": "user/warm", "content": "warm up the model"}], format="json")
    job_t = 0.0; n_mem = 0
    prof = cProfile.Profile()
    for name in sessions:
        msgs = [{"role": "user", "name": t["speaker"], "content": t["text"],
                 "created_at": (began + dt.timedelta(seconds=i)).isoformat()} for i, t in enumerate(conv[name])]
        r = alice.client.post(f"{API}/sessions/s-{name}/messages", {"scope": "user/ext", "messages": msgs}, format="json")
        assert r.status_code == 202
        alice.client.post(f"{API}/sessions/s-{name}/close?scope=user/ext", {}, format="json")
        with CaptureQueriesContext(connection) as q:
            t0 = time.perf_counter(); prof.enable()
            ran = run_jobs()
            prof.disable(); dt_ = time.perf_counter() - t0
        job_t += dt_
        print(f"{name}: {len(conv[name])} turns, {ran} tasks, {dt_:.2f}s, {len(q)} queries")
    mems = memories(alice, "user/ext")
    cursor_all = []
    r = alice.client.get(f"{API}/memories", {"scope": "user/ext", "limit": 200}).json()
    rows = r["results"]
    while r.get("next"):
        r = alice.client.get(f"{API}/memories", {"scope": "user/ext", "limit": 200, "cursor": r["next"]}).json()
        rows += r["results"]
    by = {}
    for m in rows:
        by.setdefault(m["source_session"], []).append(m)
    prof2 = cProfile.Profile()
    post_t = 0.0
    for sess, ms in by.items():
        items = [{"scope": "user/copy", "content": m["content"], "type": m["type"], "valid_from": m["valid_from"],
                  "source_session": m["source_session"], "metadata": m.get("metadata") or {}} for m in ms]
        with CaptureQueriesContext(connection) as q:
            t0 = time.perf_counter(); prof2.enable()
            resp = alice.client.post(f"{API}/memories", items, format="json")
            prof2.disable(); d = time.perf_counter() - t0
        assert resp.status_code == 201, resp.content[:500]
        post_t += d
        print(f"POST {sess}: {len(ms)} memories {d:.2f}s {len(q)} queries")
    print(f"JOBS {job_t:.2f}s for {len(rows)} memories; POST {post_t:.2f}s; ratio {post_t/job_t:.2f}")
    for p, f in ((prof, "/tmp/x3/jobs.txt"), (prof2, "/tmp/x3/post.txt")):
        s = io.StringIO(); pstats.Stats(p, stream=s).sort_stats("cumulative").print_stats(70); Path(f).write_text(s.getvalue())
        p.dump_stats(f + ".prof")
