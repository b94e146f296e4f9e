# Writes trafilatura's metadata (title, author, date, site name) for every page of the given
# corpus sets, one JSON line a page, for cli/examples/peer_metadata.rs to score:
#   PYTHON trafilatura_metadata.py OUT.jsonl SET_DIR...
# (PYTHON: one with trafilatura installed; measured with trafilatura 2.3.1.)
import json, sys, os
import trafilatura
from trafilatura.metadata import extract_metadata
out = open(sys.argv[1], 'w')
for setdir in sys.argv[2:]:
    name = os.path.basename(setdir.rstrip('/'))
    for line in open(os.path.join(setdir, 'index.jsonl')):
        e = json.loads(line)
        raw = open(os.path.join(setdir, 'pages', e['id'] + '.html'), 'rb').read()
        try:
            m = extract_metadata(raw, default_url=e.get('url') or None)
            d = m.as_dict() if m else {}
        except Exception as ex:
            d = {}
        out.write(json.dumps({'set': name, 'id': e['id'], 'title': d.get('title'), 'author': d.get('author'),
                              'date': d.get('date'), 'sitename': d.get('sitename'), 'image': d.get('image')}) + '\n')
out.close()
