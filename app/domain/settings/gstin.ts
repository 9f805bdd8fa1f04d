/**
 * The GSTIN (Goods and Services Tax Identification Number): 2 digits of the
 * State's code, the holder's 10-character PAN, the registration's number in
 * that State, "Z" by default, and a check character (docs/receipts.md). Pure:
 * the Settings card checks what the server saves with it.
 */

const CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][A-Z0-9][0-9A-Z]$/;

/** The check character of a GSTIN's first 14: base 36, weights 1 and 2 alternating, digits of each product summed. */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36]!;
}

/** The GST State and Union Territory codes (the first two digits of a GSTIN) and their names. */
export const GST_STATES: Readonly<Record<string, string>> = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
};

/** Why a GSTIN is refused, in the operator's words; null: it is one. */
export function gstinProblem(raw: string): string | null {
  const gstin = raw.trim().toUpperCase();
  if (!SHAPE.test(gstin))
    return "GSTIN must be 15 characters: 2 digits, the 10-character PAN, then 3 more (e.g. 27AAPFU0939F1ZV)";
  if (!(gstin.slice(0, 2) in GST_STATES)) return `GSTIN starts with ${gstin.slice(0, 2)}, which is no State's code`;
  if (gstinCheckChar(gstin) !== gstin[14])
    return "GSTIN's last character does not match: check it against your registration certificate";
  return null;
}

export function isValidGstin(raw: string): boolean {
  return gstinProblem(raw) === null;
}

/** The State code of a valid GSTIN ("07" for Delhi). */
export function stateCodeOf(gstin: string): string {
  return gstin.slice(0, 2);
}
