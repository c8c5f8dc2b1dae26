# TEMPORARY SHIM (not committed)
def write_gallery(out, rows):
    p = out / "index.html"; p.write_text("<html>" + "".join(f"<p>{r['id']}</p>" for r in rows)); return p
