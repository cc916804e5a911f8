#!/usr/bin/env bash
# The security issue's "tried as an attacker would" checks, against two real servers started here:
# A, a development demo behind one proxy (TRUST_PROXY=127.0.0.1, requests come "through" it with
# X-Forwarded-For), and B, a production start (NODE_ENV=production). Prints what each attempt got; both
# servers are stopped at the end. Usage: scripts/security-check.sh   (ports 3391 and 3392 must be free)
set -u
cd "$(dirname "$0")/.."
W=$(mktemp -d)
npx tsx scripts/hostile-msg.ts "$W/hostile.msg"
A=http://127.0.0.1:3391
DA=$(mktemp -d); DB=$(mktemp -d)
PORT=3391 HOST=127.0.0.1 DATA_DIR=$DA DEMO_PASSWORD='Demo#2026pass' TRUST_PROXY=127.0.0.1 LOG_LEVEL=warn node --import tsx apps/server/src/main.ts > $W/a.log 2>&1 & APID=$!
NODE_ENV=production PORT=3392 HOST=127.0.0.1 DATA_DIR=$DB LOG_LEVEL=warn node --import tsx apps/server/src/main.ts > $W/b.log 2>&1 & BPID=$!
for i in $(seq 1 90); do curl -sf $A/api/app-config/ >/dev/null && curl -sf http://127.0.0.1:3392/api/app-config/ >/dev/null && break; sleep 1; done
login() { curl -s -o $W/body -w '%{http_code}' -X POST $A/api/login/ -H 'content-type: application/json' -H "x-forwarded-for: $3" -d "{\"username\":\"$1\",\"password\":\"$2\",\"mode\":\"webapp\"}"; echo " $(cat $W/body)"; }
echo "== 1. locked account: right and wrong password give one answer"
for i in 1 2 3 4 5; do login user@example.com "Wrong#Pass$i" "203.0.113.$i" >/dev/null; done
for i in 6 7 8 9 10; do login user@example.com "Wrong#Pass$i" "203.0.113.$i" >/dev/null; done
echo "  right: $(login user@example.com 'Demo#2026pass' 198.51.100.20)"
echo "  wrong: $(login user@example.com 'Wrong#Pass99' 198.51.100.21)"
echo "== 1b. throttled account-and-address: right and wrong password give one answer"
for i in 1 2 3 4 5; do login admin@other.example.com "Wrong#Pass$i" 198.51.100.30 >/dev/null; done
echo "  right: $(login admin@other.example.com 'Demo#2026pass' 198.51.100.30)"
echo "  wrong: $(login admin@other.example.com 'Wrong#Pass77' 198.51.100.30)"
echo "== 2. spoofed X-Forwarded-For behind one proxy: the appended address is throttled after 20 failures"
for i in $(seq 1 20); do login "nobody$i@example.com" 'Wrong#Pass1' "10.9.$i.1, 192.0.2.50" >/dev/null; done
echo "  21st with a new spoofed left-most address: $(login nobody21@example.com 'Wrong#Pass1' '10.99.0.1, 192.0.2.50' | cut -c1-60)"
echo "== 3. production start: no demo, no known password"
grep -c "Demo data created" $W/b.log | sed 's/^/  demo banner lines: /'
echo "  super@example.com with the old README password: $(curl -s -o /dev/null -w '%{http_code}' -X POST http://127.0.0.1:3392/api/login/ -H 'content-type: application/json' -d '{"username":"super@example.com","password":"Demo#2026pass","mode":"webapp"}')"
grep -o "First start: create the super user at [^#]*#" $W/b.log | sed 's/^/  /'
echo "== 4. super's screens: no other firm's client content, no live link"
tok() { curl -s -X POST $A/api/login/ -H 'content-type: application/json' -H "x-forwarded-for: $2" -d "{\"username\":\"$1\",\"password\":\"Demo#2026pass\",\"mode\":\"webapp\"}" | node -pe 'JSON.parse(require("fs").readFileSync(0)).access'; }
OTHER=$(tok admin@other.example.com 192.0.2.60); SUPER=$(tok super@example.com 192.0.2.61)
CASE=$(curl -s -X POST $A/api/case/ -H "authorization: Bearer $OTHER" -H 'content-type: application/json' -d '{"title":"Quokka v Wombat (privileged)","client":"Quokka Holdings","parties":["Quokka Holdings"],"status":"open"}' | node -pe 'JSON.parse(require("fs").readFileSync(0)).id')
echo "  other firm's case id: $CASE"
curl -s -X POST $A/api/forgotpassword/ -H 'content-type: application/json' -H 'x-forwarded-for: 192.0.2.62' -d '{"username":"admin@other.example.com"}' >/dev/null
sleep 3
AUDIT=$(curl -s "$A/api/admin/audit-events/?page_no=1&limits=200" -H "authorization: Bearer $SUPER")
echo "  audit log mentions Quokka: $(echo "$AUDIT" | grep -ci quokka)"
OUTBOX=$(curl -s "$A/api/admin/outbox/?page_no=1&limits=200" -H "authorization: Bearer $SUPER")
echo "  outbox rows: $(echo "$OUTBOX" | node -pe 'JSON.parse(require("fs").readFileSync(0)).data.length'), with a token-like 40+ char value: $(echo "$OUTBOX" | grep -oE 'token=[A-Za-z0-9_-]{20,}' | wc -l), masked: $(echo "$OUTBOX" | grep -o '••••••' | wc -l)"
echo "  send a link to another firm's user: $(curl -s -o /dev/null -w '%{http_code}' -X POST $A/api/admin/links/ -H "authorization: Bearer $SUPER" -H 'content-type: application/json' -d '{"email":"admin@other.example.com","kind":"set_password"}')"
echo "== 5. a 5 MB hostile .msg import leaves other requests answering"
USER=$(tok admin@example.com 192.0.2.63)
UCASE=$(curl -s -X POST $A/api/case/ -H "authorization: Bearer $USER" -H 'content-type: application/json' -d '{"title":"Import check","status":"open"}' | node -pe 'JSON.parse(require("fs").readFileSync(0)).id')
( curl -s -o $W/import.out -w 'import: %{http_code} in %{time_total}s\n' -X POST "$A/api/case/$UCASE/emails/" -H "authorization: Bearer $USER" -F "file=@$W/hostile.msg;type=application/vnd.ms-outlook" > $W/import.status ) &
IMP=$!
n=0; while kill -0 $IMP 2>/dev/null; do curl -s -o /dev/null -w "%{http_code} %{time_total}\n" "$A/api/case/?page_no=1&limits=10" -H "authorization: Bearer $OTHER" >> $W/during.txt; n=$((n+1)); done
echo "  other firm's case list while the import ran: $n requests, slowest $(sort -k2 -n $W/during.txt | tail -1)"; rm -f $W/during.txt
wait $IMP; sed 's/^/  /' $W/import.status
kill $APID $BPID; wait $APID $BPID 2>/dev/null
rm -rf $DA $DB $W
