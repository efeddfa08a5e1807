"""The REST API Handbook's examples with Python's requests, against a site's /wp-json/ as written for WordPress.
Prints one JSON line of what it saw. Usage: python3 handbook.py <site url> <login> <application password>"""
import json
import sys

import requests

site, login, password = sys.argv[1:4]
api = site + "/wp-json"
auth = (login, password)
seen = {}

# Discovery: the Link header of the site names the API root.
home = requests.head(site + "/")
seen["discovered"] = home.links.get("https://api.w.org/", {}).get("url")
index = requests.get(api + "/").json()
seen["namespaces"] = index["namespaces"]

# Pagination: X-WP-Total and X-WP-TotalPages, and the Link header's next page.
listing = requests.get(api + "/wp/v2/posts", params={"per_page": 1})
seen["total"] = int(listing.headers["X-WP-Total"])
seen["next"] = listing.links.get("next", {}).get("url")

# Create, read, update, delete a post with an application password.
created = requests.post(api + "/wp/v2/posts", auth=auth, json={"title": "From requests", "status": "publish"})
post = created.json()
seen["created"] = {"status": created.status_code, "location": created.headers.get("Location"), "self": post["_links"]["self"][0]["href"]}
read = requests.get(api + "/wp/v2/posts/%d" % post["id"], params={"_embed": "author"}).json()
seen["read"] = {"title": read["title"]["rendered"], "author": read["_embedded"]["author"][0]["name"]}
updated = requests.post(api + "/wp/v2/posts/%d" % post["id"], auth=auth, json={"title": "Updated by requests"})
seen["updated"] = updated.json()["title"]["raw"]
deleted = requests.delete(api + "/wp/v2/posts/%d" % post["id"], auth=auth, params={"force": "true"})
seen["deleted"] = deleted.json().get("deleted")

# Without credentials a write is refused, as the handbook shows.
refused = requests.post(api + "/wp/v2/posts", json={"title": "x"})
seen["refused"] = {"status": refused.status_code, "code": refused.json()["code"]}

print(json.dumps(seen))
